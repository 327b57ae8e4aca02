/**
 * The one message mapper for JSON Schema validation errors, shared by the SPA's form validator and
 * the server's `details`: every message names the field by its Spanish `title` and a line by its
 * 1-based number ("Línea 3, descripción: máximo 300 caracteres") and says what is expected
 * ("Obligatorio", "No puede ser negativo", "Use tres dígitos, p. ej. 001"); it never shows a pattern
 * nor a path. A schema property may word its own pattern message with `x-message`
 * (core/schema-keywords.ts). Pure: no I/O.
 * @example describeError({ keyword: 'maxLength', instancePath: '/detalles/2/descripcion', params: { limit: 300 } }, invoiceSchema)
 *   // { path: 'detalles.2.descripcion', place: 'Línea 3, descripción', expected: 'Máximo 300 caracteres', message: 'Línea 3, descripción: máximo 300 caracteres' }
 */

/** A schema node as the mapper reads it (any JSON Schema object). */
export interface SchemaNode {
  title?: string;
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode | SchemaNode[];
  pattern?: string;
  'x-message'?: string;
  [key: string]: unknown;
}

/** The part of an Ajv error the mapper reads (Ajv's `ErrorObject` fits). */
export interface ValidationErrorLike {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  /** The schema holding the failing keyword (Ajv's `verbose: true`). */
  parentSchema?: unknown;
}

export interface DescribedError {
  /** Dotted path of the field, 0-based indexes (`detalles.2.descripcion`): what API clients key on. */
  path: string;
  /** The field as a person reads it: "Línea 3, descripción", "Código principal". */
  place: string;
  /** What the field needs, as a sentence on its own: "Máximo 300 caracteres". */
  expected: string;
  /** Both: "Línea 3, descripción: máximo 300 caracteres" (just `expected` when there is no place). */
  message: string;
}

/** Arrays whose rows a person calls lines ("Línea 3"); other arrays read "Formas de pago, fila 2". */
const LINE_ARRAYS = new Set(['detalles', 'motivos']);

const TYPE_NAMES: Record<string, string> = {
  string: 'un texto',
  number: 'un número',
  integer: 'un número entero',
  boolean: 'sí o no',
  object: 'un grupo de datos',
  array: 'una lista',
};

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'Escriba un correo válido, p. ej. nombre@empresa.com',
  uuid: 'Debe ser un identificador (UUID) válido',
  date: 'Escriba una fecha válida',
  'date-time': 'Escriba una fecha y hora válidas',
  uri: 'Escriba una dirección web válida, p. ej. https://ejemplo.com',
  byte: 'Debe ser un archivo codificado en base64',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const number = (v: unknown) => Number(v).toLocaleString('es-EC', { maximumFractionDigits: 6 });

/** "Descripción" -> "descripción", but "IVA" and "RUC" keep their capitals. */
export function lowerFirst(s: string): string {
  return s.length > 1 && s[1] === s[1].toLowerCase() ? s[0].toLowerCase() + s.slice(1) : s;
}

/** Names of the API's own route fields (no schema title): what a property without a title is called. */
const FIELD_NAMES: Record<string, string> = {
  id: 'Id',
  _id: 'Id',
  title: 'Título',
  name: 'Nombre',
  description: 'Descripción',
  code: 'Código',
  position: 'Posición',
  active: 'Activo',
  data: 'Datos',
  email: 'Correo electrónico',
  password: 'Contraseña',
  firstName: 'Nombres',
  lastName: 'Apellidos',
  role: 'Rol',
  page: 'Página',
  per_page: 'Resultados por página',
  q: 'Búsqueda',
  url: 'URL',
  events: 'Eventos',
  fecha: 'Fecha',
  valor: 'Valor',
  formaPago: 'Forma de pago',
  motivo: 'Motivo',
  cantidad: 'Cantidad',
  precioUnitario: 'Precio unitario',
  descuento: 'Descuento',
  codigoPorcentajeIva: 'IVA',
  descripcion: 'Descripción',
  product: 'Producto',
};

/** A property without a title: its usual Spanish name, else the name as the client wrote it. */
function humanize(name: string): string {
  return FIELD_NAMES[name] ?? name;
}

/** The message a pattern means to a person; undefined when the pattern is not one Emite knows. */
export function patternMessage(pattern: string): string | undefined {
  if (pattern === '\\S') return 'No puede estar vacío';
  if (pattern === '^\\S(.*\\S)?$') return 'Sin espacios al principio ni al final';
  if (pattern === '^\\S+$') return 'Sin espacios';
  if (pattern === '^[^\\n]*$') return 'Una sola línea, sin saltos de línea';
  if (/^\^(\(\?!000\))?(\\d|\[0-9\])\{3\}\$$/.test(pattern)) return 'Use tres dígitos, p. ej. 001';
  const digits = /^\^(\()?(?:\\d|\[0-9\])\{(\d+)(?:,(\d+))?\}(\)\?)?\$$/.exec(pattern);
  if (digits) {
    const [, , min, max] = digits;
    if (max === undefined) return `Use ${min} dígitos, sin guiones ni espacios`;
    return `Use de ${min} a ${max} dígitos, sin guiones ni espacios`;
  }
  return undefined;
}

/** The schema node at `segments` below `root` (properties and items), if the schema has one. */
function nodeAt(root: SchemaNode | undefined, segments: string[]): SchemaNode | undefined {
  let node = root;
  for (const s of segments) {
    if (!node) return undefined;
    if (/^\d+$/.test(s) && node.items) node = Array.isArray(node.items) ? node.items[Number(s)] : node.items;
    else node = node.properties?.[s];
  }
  return node;
}

/**
 * The field at a dotted or slashed path as a person reads it: titles from the schema, rows of
 * `detalles`/`motivos` as "Línea N", other rows as "<array title>, fila N" (1-based).
 * @example placeOf(invoiceSchema, 'detalles.2.descripcion') // 'Línea 3, descripción'
 * @example placeOf(invoiceSchema, 'pagos.1.total') // 'Formas de pago, fila 2, valor'
 */
export function placeOf(root: SchemaNode | undefined, path: string | string[]): string {
  const segments = Array.isArray(path) ? path : path.split(/[./]/).filter(Boolean);
  const parts: string[] = [];
  segments.forEach((s, i) => {
    if (/^\d+$/.test(s)) {
      const arrayName = segments[i - 1];
      const n = Number(s) + 1;
      if (arrayName !== undefined && LINE_ARRAYS.has(arrayName)) parts[parts.length - 1] = `Línea ${n}`;
      else if (parts.length) parts[parts.length - 1] = `${parts[parts.length - 1]}, fila ${n}`;
      else parts.push(`Fila ${n}`);
      return;
    }
    parts.push(nodeAt(root, segments.slice(0, i + 1))?.title ?? humanize(s));
  });
  return parts.map((p, i) => (i === 0 ? p : lowerFirst(p))).join(', ');
}

/**
 * What a field needs, for one error, as a sentence on its own. `node` is the schema of the field
 * (for `x-message` and the array it is), `arrayName` the field's own name (rows of `detalles` are
 * lines).
 * @example expectedOf({ keyword: 'minimum', params: { limit: 0 } }) // 'No puede ser negativo'
 */
export function expectedOf(e: Pick<ValidationErrorLike, 'keyword' | 'params' | 'message'>, node?: SchemaNode, fieldName?: string): string {
  const p = e.params;
  const limit = Number(p.limit);
  const rows = fieldName && LINE_ARRAYS.has(fieldName) ? ['línea', 'líneas'] : ['fila', 'filas'];
  switch (e.keyword) {
    case 'required':
      return 'Obligatorio';
    case 'additionalProperties':
      return 'No es un campo admitido';
    case 'type': {
      const types = String(p.type).split(',').filter((t) => t !== 'null');
      return `Debe ser ${types.map((t) => TYPE_NAMES[t] ?? t).join(' o ')}`;
    }
    case 'format':
      return FORMAT_MESSAGES[String(p.format)] ?? 'No tiene el formato esperado';
    case 'enum': {
      const allowed = (p.allowedValues as unknown[] | undefined)?.filter((v) => v !== null && v !== '') ?? [];
      if (node?.['x-message']) return node['x-message'];
      return allowed.length > 0 && allowed.length <= 6 ? `Elija uno de: ${allowed.join(', ')}` : 'Elija un valor de la lista';
    }
    case 'const':
    case 'oneOf':
    case 'anyOf':
    case 'not':
    case 'if':
      return 'Valor no permitido';
    case 'minLength':
      return limit === 1 ? 'Obligatorio' : `Mínimo ${plural(limit, 'carácter', 'caracteres')}`;
    case 'maxLength':
      return `Máximo ${plural(limit, 'carácter', 'caracteres')}`;
    case 'minimum':
      return limit === 0 ? 'No puede ser negativo' : `Debe ser ${number(limit)} o más`;
    case 'exclusiveMinimum':
      return `Debe ser mayor que ${number(limit)}`;
    case 'maximum':
      return `No puede pasar de ${number(limit)}`;
    case 'exclusiveMaximum':
      return `Debe ser menor que ${number(limit)}`;
    case 'multipleOf':
      return `Debe ser múltiplo de ${number(p.multipleOf)}`;
    case 'minItems':
      return `Agregue al menos ${limit === 1 ? `una ${rows[0]}` : plural(limit, rows[0], rows[1])}`;
    case 'maxItems':
      return `Máximo ${plural(limit, rows[0], rows[1])}`;
    case 'uniqueItems':
      return 'No repita valores';
    case 'pattern':
      return node?.['x-message'] ?? patternMessage(String(p.pattern)) ?? 'No tiene el formato esperado';
    case 'x-decimals':
    case 'x-money':
      return `Máximo ${plural(Number(p.max), 'decimal', 'decimales')}`;
    case 'dependencies':
    case 'dependentRequired':
      return 'Obligatorio';
    default:
      return 'Valor no válido';
  }
}

/** "Línea 3, descripción" + "Máximo 300 caracteres" -> "Línea 3, descripción: máximo 300 caracteres". */
export function joinMessage(place: string, expected: string): string {
  return place ? `${place}: ${lowerFirst(expected)}` : expected;
}

/**
 * One validation error as a person reads it, with the path an API client keys on (the field a
 * `required`/`additionalProperties`/`dependencies` error names goes in the path).
 * @param root the validated schema (titles); without it names fall back to the property names.
 */
export function describeError(e: ValidationErrorLike, root?: SchemaNode): DescribedError {
  const segments = e.instancePath.split('/').filter(Boolean).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const named = e.keyword === 'required' || e.keyword === 'dependencies' || e.keyword === 'dependentRequired' ? e.params.missingProperty : e.keyword === 'additionalProperties' ? e.params.additionalProperty : undefined;
  if (typeof named === 'string') segments.push(named);
  const node = nodeAt(root, segments) ?? (e.keyword === 'pattern' ? (e.parentSchema as SchemaNode | undefined) : undefined);
  const expected = expectedOf(e, node, segments[segments.length - 1]);
  const place = placeOf(root, segments);
  return { path: segments.join('.'), place, expected, message: joinMessage(place, expected) };
}

/**
 * Several errors, one per field and keyword (Ajv with allErrors may repeat a pattern failure under
 * `oneOf` branches): the order Ajv gave, duplicates of the same path and message dropped.
 */
export function describeErrors(errors: readonly ValidationErrorLike[], root?: SchemaNode): DescribedError[] {
  const seen = new Set<string>();
  const out: DescribedError[] = [];
  for (const e of errors) {
    const d = describeError(e, root);
    const key = `${d.path}\u0000${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out;
}

/**
 * The one sentence for a refused body: the first problem, and how many more there are.
 * @example summaryOf([{ message: 'Línea 3, descripción: máximo 300 caracteres' }, …]) // 'Línea 3, descripción: máximo 300 caracteres (y 1 problema más)'
 */
export function summaryOf(details: ReadonlyArray<{ message: string }>): string {
  if (!details.length) return 'Datos inválidos';
  const more = details.length - 1;
  return more ? `${details[0].message} (y ${plural(more, 'problema', 'problemas')} más)` : details[0].message;
}

/**
 * A core/totals.ts error ("detalles[1].cantidad debe ser mayor que 0") as a person reads it, with
 * the line numbered as the user sees it (`lineNumber(i)`, default i + 1).
 * @example totalsMessage('detalles[1].cantidad debe ser mayor que 0') // 'Línea 2, cantidad: debe ser mayor que 0'
 */
export function totalsMessage(message: string, lineNumber: (i: number) => number = (i) => i + 1): string {
  return message.replace(/^detalles\[(\d+)\]\.(\w+):? ?/, (_, i: string, f: string) => `Línea ${lineNumber(Number(i))}, ${lowerFirst(humanize(f))}: `);
}
