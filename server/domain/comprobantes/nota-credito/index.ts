/**
 * The nota de crédito (codDoc 04, XSD 1.1.0) as a comprobante type (DESIGN.md §7; SRI.md "Other
 * comprobantes"): drafts from an AUTORIZADA factura (save-nota-credito-draft.ts); at issue, with
 * the factura row locked, the reference rules again, what is left to credit (creditable.ts) and the
 * 12-month limit when the nota annuls the whole sale (since 2025-08-01); XML and RIDE from its folder.
 */
import Decimal from 'decimal.js';
import { COMPROBANTE_TYPE_META } from '../../../../core/comprobante-types.ts';
import { AppError } from '../../../errors.ts';
import type { ComprobanteType } from '../comprobante-type.ts';
import { creditNoteSchema } from '../../../schemas/generated/credit-note-schema.ts';
import { infoAdicionalWith, money2, toInfoTributaria, xmlLine } from '../document-parts.ts';
import { loadReferencedFactura, notaInfoHeader } from '../referenced-factura.ts';
import { buildNotaCreditoXml } from './build-nota-credito-xml.ts';
import { parseNotaCreditoXml } from './parse-nota-credito-xml.ts';
import { notaCreditoRide } from './nota-credito-ride.ts';
import { notaCreditoDetail, saveNotaCreditoDraft } from './save-nota-credito-draft.ts';
import { assertFitsCreditable, creditableOf } from './creditable.ts';

/** SRI (since 2025-08-01): a nota that annuls a sale only within 12 months of the factura. */
const ANNUL_WITHIN_MONTHS = 12;

/** The date `months` calendar months after an ISO date (day clamped to the month's last). */
function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

export const notaCredito: ComprobanteType = {
  meta: COMPROBANTE_TYPE_META['04'],
  formSchema: creditNoteSchema,
  permission: 'invoice',
  saveDraft: saveNotaCreditoDraft,
  viewFields(row) {
    const d = notaCreditoDetail.read(row);
    return { invoice: row.relatedId, motivo: d.motivo, numDocModificado: d.numDocModificado, fechaEmisionDocSustento: d.fechaEmisionDocSustento, valorModificacion: Number(row.importeTotal) };
  },
  async prepareIssue({ tx, row, company, establishment, customer }) {
    const ref = await loadReferencedFactura(tx, { companyId: row.companyId, invoiceId: row.relatedId!, noteLabel: 'nota de crédito', forUpdate: true });
    assertFitsCreditable(await creditableOf(tx, { companyId: row.companyId, factura: ref.row, excludeId: row.id }), row, ref.modified.numDocModificado);
    const annulsSale = new Decimal(row.importeTotal).greaterThanOrEqualTo(ref.row.importeTotal);
    if (annulsSale && row.fechaEmision > addMonths(ref.row.fechaEmision, ANNUL_WITHIN_MONTHS)) {
      const message = `Una nota de crédito que anula toda la venta solo se emite dentro de los ${ANNUL_WITHIN_MONTHS} meses siguientes a la factura (${ref.modified.fechaEmisionDocSustento})`;
      throw new AppError('VALIDATION', message, { details: [{ path: 'invoice', message }] });
    }
    const detail = notaCreditoDetail.read(row);
    return {
      version: COMPROBANTE_TYPE_META['04'].defaultVersion,
      buildXml: (n) =>
        buildNotaCreditoXml({
          version: '1.1.0',
          infoTributaria: toInfoTributaria(company, row, n, '04'),
          infoNotaCredito: {
            ...notaInfoHeader({ row, company, establishment, ref }),
            totalSinImpuestos: money2(row.totalSinImpuestos),
            valorModificacion: money2(row.importeTotal),
            moneda: 'DOLAR',
            totalConImpuestos: row.totalConImpuestos.map((t) => ({ codigo: '2', codigoPorcentaje: String(t.codigoPorcentaje), baseImponible: money2(String(t.baseImponible)), valor: money2(String(t.valor)) })),
            motivo: detail.motivo,
          },
          detalles: row.detalles.map(xmlLine),
          infoAdicional: infoAdicionalWith(customer, row.infoAdicional),
        }),
    };
  },
  ride: (signedXml) => notaCreditoRide(parseNotaCreditoXml(signedXml)),
};
