/**
 * The counterpart of the purchase comprobantes (liquidación de compra 03, retención 07): a `supplier`
 * record of the company (schema-only resource, src/schemas/supplier), read once by every type that
 * names one.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { records } from '../../db/schema/index-tables.ts';
import { invalid } from './draft-parts.ts';
import { jsonCodec, optionalText, text } from './type-detail.ts';

/** A supplier record's fields (src/schemas/supplier/schema.json). */
export interface SupplierData {
  tipoIdentificacion: string;
  identificacion: string;
  razonSocial: string;
  email?: string;
  direccion?: string;
  telefono?: string;
  parteRelacionada?: boolean;
  codigoRetencionRenta?: string;
  codigoRetencionIva?: string;
}

const optionalFlag = { type: 'boolean', nullable: true } as const;

/** A supplier record's `data`, checked: the fields the purchase comprobantes read (type-detail.ts). */
export const supplierData = jsonCodec<SupplierData>('el proveedor', 'data', {
  type: 'object',
  required: ['tipoIdentificacion', 'identificacion', 'razonSocial'],
  properties: {
    tipoIdentificacion: text,
    identificacion: text,
    razonSocial: text,
    email: optionalText,
    direccion: optionalText,
    telefono: optionalText,
    parteRelacionada: optionalFlag,
    codigoRetencionRenta: optionalText,
    codigoRetencionIva: optionalText,
  },
});

/**
 * The company's supplier record `id` (another company's reads as missing).
 * @throws AppError VALIDATION at `at` (default `supplier`): "El proveedor no existe".
 */
export async function loadSupplier(db: Db, companyId: string, id: string, at = 'supplier'): Promise<SupplierData> {
  const [row] = await db.select().from(records).where(and(eq(records.companyId, companyId), eq(records.resource, 'supplier'), eq(records.id, id)));
  if (!row) throw invalid(at, 'El proveedor no existe');
  return supplierData.read(row.data, row.id);
}
