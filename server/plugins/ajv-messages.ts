/**
 * Plain Spanish for the Ajv errors people actually meet in a form ("Campo obligatorio", "debe ser
 * un número entero"), instead of ajv-i18n's literal ones ("debe tener la propiedad requerida x",
 * "debe ser integer"). Keywords not listed here keep ajv-i18n's Spanish message.
 */
import type { ErrorObject } from 'ajv';

const TYPE_NAMES: Record<string, string> = {
  string: 'un texto',
  number: 'un número',
  integer: 'un número entero',
  boolean: 'verdadero o falso',
  object: 'un objeto',
  array: 'una lista',
  null: 'nulo',
};

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'debe ser un correo electrónico válido',
  uuid: 'debe ser un identificador (UUID) válido',
  date: 'debe ser una fecha AAAA-MM-DD',
  'date-time': 'debe ser una fecha y hora ISO 8601',
  uri: 'debe ser una URL válida',
  byte: 'debe estar codificado en base64',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The Spanish message for one Ajv error, or undefined to keep the localized one.
 * @example plainMessage({keyword: 'type', params: {type: 'integer'}, ...}) // 'debe ser un número entero'
 */
export function plainMessage(e: ErrorObject): string | undefined {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return 'Campo obligatorio';
    case 'additionalProperties':
      return 'no es un campo permitido';
    case 'type': {
      const types = String(p.type).split(',');
      return `debe ser ${types.map((t) => TYPE_NAMES[t] ?? t).join(' o ')}`;
    }
    case 'format':
      return FORMAT_MESSAGES[String(p.format)] ?? `no tiene el formato ${String(p.format)}`;
    case 'enum': {
      const allowed = (p.allowedValues as unknown[] | undefined)?.filter((v) => v !== null && v !== '') ?? [];
      return allowed.length > 0 && allowed.length <= 12 ? `debe ser uno de: ${allowed.join(', ')}` : 'no es un valor permitido';
    }
    case 'minLength':
      return Number(p.limit) === 1 ? 'no puede estar vacío' : `debe tener al menos ${plural(Number(p.limit), 'carácter', 'caracteres')}`;
    case 'maxLength':
      return `debe tener como máximo ${plural(Number(p.limit), 'carácter', 'caracteres')}`;
    case 'pattern':
      // `\S` is how route schemas say "not only blanks".
      return p.pattern === '\\S' ? 'no puede estar vacío' : undefined;
    case 'minItems':
      return `debe tener al menos ${plural(Number(p.limit), 'elemento', 'elementos')}`;
    case 'maxItems':
      return `debe tener como máximo ${plural(Number(p.limit), 'elemento', 'elementos')}`;
    default:
      return undefined;
  }
}
