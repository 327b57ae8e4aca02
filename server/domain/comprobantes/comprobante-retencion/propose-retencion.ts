/**
 * The retención a received factura (or an own liquidación de compra) calls for, as a draft body to
 * confirm (DESIGN.md §8; SRI.md "Comprobante de retención"): the docSustento copied from the
 * document (number in 15 digits, date, authorisation, totals, taxes, pagos) and one renta and one
 * IVA withholding from the supplier's defaults (supplier fields codigoRetencionRenta /
 * codigoRetencionIva), with the catalog rate in force on `fechaEmision`:
 * - renta: base = the document's totalSinImpuestos (without IVA); default code 3440 (payments
 *   without a specific percentage) when the supplier has none;
 * - IVA: base = the document's IVA; default 1 (30 %, goods) on a factura and 3 (100 %) on a
 *   liquidación de compra; none when the document has no IVA.
 * codSustento: 01 (crédito tributario de IVA) when the document has IVA, else 02 (costo o gasto).
 * Amounts USD as numbers (2 places); percent as numbers; dates 'YYYY-MM-DD'.
 * @throws AppError VALIDATION (document not the company's, not a factura/liquidación, a
 *   liquidación not authorised; a default code without a rate in force), at `receivedDocument` /
 *   `purchaseSettlement`.
 */
import type { DocSustentoBody } from '../../../../core/withholding-body.ts';
import { and, eq, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Db } from '../../../db/client.ts';
import { records } from '../../../db/schema/index-tables.ts';
import { lateWithholdingWarning } from '../../../../core/withholding-rates.ts';
import { loadSustentoSource } from './sustento-source.ts';
import { priceRetencion, withholdingCatalogs } from './save-comprobante-retencion-draft.ts';
import { supplierData } from '../supplier-record.ts';

export interface RetencionProposal {
  /** The supplier record's _id (linked on import, or found by identificación), or null: pick or create one. */
  supplier: string | null;
  supplierIdentificacion: string;
  supplierRazonSocial: string;
  fechaEmision: string;
  docsSustento: Array<DocSustentoBody<{ codigo: '1' | '2'; codigoRetencion: string; baseImponible: number; porcentajeRetener: number; valorRetenido: number }>>;
  /** The 5-day warning (LRTI art. 50) when the document is older than that. */
  warnings: string[];
}

/** Default renta code when the supplier has none: "otras retenciones" (pagos sin porcentaje específico). */
export const DEFAULT_RENTA = '3440';

export async function proposeRetencion(db: Db, p: { companyId: string; receivedDocument?: string; purchaseSettlement?: string; fechaEmision: string }): Promise<RetencionProposal> {
  const source = await loadSustentoSource(db, { companyId: p.companyId, receivedDocument: p.receivedDocument, purchaseSettlement: p.purchaseSettlement, at: '' });
  const byId = source.supplierId
    ? await db.select().from(records).where(and(eq(records.companyId, p.companyId), eq(records.resource, 'supplier'), eq(records.id, source.supplierId)))
    : [];
  const [supplierRow] = byId.length
    ? byId
    : await db
        .select()
        .from(records)
        .where(and(eq(records.companyId, p.companyId), eq(records.resource, 'supplier'), sql`${records.data}->>'identificacion' = ${source.identificacionVendedor}`))
        .limit(1);
  const supplier = supplierRow ? supplierData.read(supplierRow.data, supplierRow.id) : undefined;

  const iva = source.impuestos.filter((t) => t.codImpuestoDocSustento === '2').reduce((s, t) => s.plus(t.valorImpuesto), new Decimal(0));
  const catalogs = await withholdingCatalogs(db);
  const inputs: Array<{ codigo: '1' | '2'; codigoRetencion: string; baseImponible: number }> = [
    { codigo: '1', codigoRetencion: supplier?.codigoRetencionRenta ?? DEFAULT_RENTA, baseImponible: Number(source.totalSinImpuestos) },
  ];
  if (iva.gt(0)) inputs.push({ codigo: '2', codigoRetencion: supplier?.codigoRetencionIva ?? (source.kind === 'purchaseSettlement' ? '3' : '1'), baseImponible: iva.toNumber() });
  const retenciones = inputs.map((r, j) => priceRetencion(catalogs, r, p.fechaEmision, `retenciones.${j}`));
  const warning = lateWithholdingWarning(source.fechaEmisionDocSustento, p.fechaEmision);
  return {
    supplier: supplierRow?.id ?? null,
    supplierIdentificacion: source.identificacionVendedor,
    supplierRazonSocial: supplier?.razonSocial ?? source.razonSocialVendedor,
    fechaEmision: p.fechaEmision,
    docsSustento: [
      {
        [source.kind]: source.id,
        codSustento: iva.gt(0) ? '01' : '02',
        codDocSustento: source.codDocSustento,
        numDocSustento: source.numDocSustento,
        fechaEmisionDocSustento: source.fechaEmisionDocSustento,
        ...(source.numAutDocSustento ? { numAutDocSustento: source.numAutDocSustento } : {}),
        totalSinImpuestos: Number(source.totalSinImpuestos),
        importeTotal: Number(source.importeTotal),
        impuestos: source.impuestos.map((t) => ({ ...t, baseImponible: Number(t.baseImponible), tarifa: Number(t.tarifa), valorImpuesto: Number(t.valorImpuesto) })),
        retenciones: retenciones.map((r) => ({ codigo: r.codigo as '1' | '2', codigoRetencion: r.codigoRetencion, baseImponible: Number(r.baseImponible), porcentajeRetener: Number(r.porcentajeRetener), valorRetenido: Number(r.valorRetenido) })),
        pagos: source.pagos.map((pg) => ({ formaPago: pg.formaPago, total: Number(pg.total) })),
      },
    ],
    warnings: warning ? [warning] : [],
  };
}
