/**
 * The nota de débito (codDoc 05, XSD 1.0.0, the only version) as a comprobante type (DESIGN.md §7;
 * SRI.md "Other comprobantes"): drafts from an AUTORIZADA factura (save-nota-debito-draft.ts); at
 * issue the reference rules again and the pagos against valorTotal; XML and RIDE from its folder.
 */
import { COMPROBANTE_TYPE_META } from '../../../../core/comprobante-types.ts';
import type { ComprobanteType } from '../comprobante-type.ts';
import { debitNoteSchema } from '../../../schemas/generated/debit-note-schema.ts';
import { infoAdicionalWith, money2, toInfoTributaria, xmlPagos } from '../document-parts.ts';
import { loadReferencedFactura, notaInfoHeader } from '../referenced-factura.ts';
import { assertPagosMatchTotal } from '../factura/factura-rules.ts';
import { buildNotaDebitoXml } from './build-nota-debito-xml.ts';
import { parseNotaDebitoXml } from './parse-nota-debito-xml.ts';
import { notaDebitoRide } from './nota-debito-ride.ts';
import { notaDebitoDetail, saveNotaDebitoDraft } from './save-nota-debito-draft.ts';

export const notaDebito: ComprobanteType = {
  meta: COMPROBANTE_TYPE_META['05'],
  formSchema: debitNoteSchema,
  permission: 'invoice',
  saveDraft: saveNotaDebitoDraft,
  viewFields(row) {
    const d = notaDebitoDetail.read(row);
    return {
      invoice: row.relatedId,
      motivos: d.motivos.map((m) => ({ razon: m.razon, valor: Number(m.valor) })),
      codigoPorcentajeIva: d.codigoPorcentajeIva,
      numDocModificado: d.numDocModificado,
      fechaEmisionDocSustento: d.fechaEmisionDocSustento,
      valorTotal: Number(row.importeTotal),
    };
  },
  async prepareIssue({ tx, row, company, establishment, customer }) {
    const ref = await loadReferencedFactura(tx, { companyId: row.companyId, invoiceId: row.relatedId!, noteLabel: 'nota de débito' });
    if (row.pagos.length) assertPagosMatchTotal({ pagos: row.pagos, importeTotal: row.importeTotal });
    const detail = notaDebitoDetail.read(row);
    return {
      version: '1.0.0',
      buildXml: (n) =>
        buildNotaDebitoXml({
          version: '1.0.0',
          infoTributaria: toInfoTributaria(company, row, n, '05'),
          infoNotaDebito: {
            ...notaInfoHeader({ row, company, establishment, ref }),
            totalSinImpuestos: money2(row.totalSinImpuestos),
            impuestos: row.totalConImpuestos.map((t) => ({ codigo: '2', codigoPorcentaje: String(t.codigoPorcentaje), tarifa: money2(String(t.tarifa)), baseImponible: money2(String(t.baseImponible)), valor: money2(String(t.valor)) })),
            valorTotal: money2(row.importeTotal),
            pagos: xmlPagos(row.pagos),
          },
          motivos: detail.motivos,
          infoAdicional: infoAdicionalWith(customer, row.infoAdicional),
        }),
    };
  },
  ride: (signedXml) => notaDebitoRide(parseNotaDebitoXml(signedXml)),
};
