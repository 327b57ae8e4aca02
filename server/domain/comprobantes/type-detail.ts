/**
 * A type's `type_detail` (the jsonb column where a comprobante type keeps what has no column: the
 * nota's motivo and modified factura, the guía's carrier and destinatarios, the liquidación's
 * proveedor, the retención's sujeto retenido and docsSustento) read and written through one
 * checked codec per type, instead of casting the jsonb. The codec's JSON Schema is typed against the
 * type's detail interface (Ajv's JSONSchemaType: a field added to one and not the other fails
 * `tsc`), and every read checks the stored value against it.
 * @example
 * export const guiaDetail = detailCodec<GuiaDetail>('la guía de remisión', guiaDetailSchema);
 * const d = guiaDetail.read(row);           // GuiaDetail, or throws naming the row and the field
 * values.typeDetail = guiaDetail.write(d);  // what the row stores
 */
import Ajv, { type JSONSchemaType } from 'ajv';

// One Ajv for every codec: strict (a typo in a codec's schema fails at start), first error only.
const ajv = new Ajv({ strict: true, allErrors: false, allowUnionTypes: true });

export interface DetailCodec<T> {
  /**
   * The row's stored detail, checked.
   * @throws Error `El valor guardado (type_detail) de la guía de remisión <id> no tiene la forma
   *   esperada: /destinatarios/0/detalles must be array` — a row the type did not write (a bug or
   *   a hand edit), never a user's input; the error handler answers it as an opaque 500 and logs it.
   */
  read(row: { id?: string; typeDetail: unknown }): T;
  /** The detail as the row's `type_detail` stores it (a plain JSON object). */
  write(detail: T): Record<string, unknown>;
}

/** A jsonb value of one shape: checked when read, a plain JSON object when written. */
export interface JsonCodec<T> {
  /** @throws Error naming `what`, the row id, the column and the first bad path (see {@link DetailCodec.read}). */
  read(value: unknown, id?: string): T;
  write(value: T): Record<string, unknown>;
}

/**
 * The codec of a jsonb column's value (a type's `type_detail`, a record's `data`).
 * @param what the thing's noun with its article, for the error ('la guía de remisión', 'el proveedor').
 * @param column the column's name, for the error.
 * @param schema the value's JSON Schema (draft 7), typed against `T`.
 */
export function jsonCodec<T extends object>(what: string, column: string, schema: JSONSchemaType<T>): JsonCodec<T> {
  const validate = ajv.compile<T>(schema);
  return {
    read(value, id) {
      if (validate(value)) return value;
      const first = validate.errors?.[0];
      const where = first ? `${first.instancePath || '/'} ${first.message ?? ''}`.trim() : 'valor inválido';
      throw new Error(`El valor guardado (${column}) de ${what}${id ? ` ${id}` : ''} no tiene la forma esperada: ${where}`);
    },
    write: (value) => Object.fromEntries(Object.entries(value)),
  };
}

/** The codec of one type's `type_detail` (see {@link jsonCodec}). */
export function detailCodec<T extends object>(what: string, schema: JSONSchemaType<T>): DetailCodec<T> {
  const codec = jsonCodec(what, 'type_detail', schema);
  return { read: (row) => codec.read(row.typeDetail, row.id), write: codec.write };
}

/** An optional string property of a detail schema (JSONSchemaType spells optional as nullable). */
export const optionalText = { type: 'string', nullable: true } as const;
export const text = { type: 'string' } as const;
export const textList = { type: 'array', items: text } as const;
