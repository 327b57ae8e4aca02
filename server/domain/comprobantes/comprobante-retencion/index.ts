/**
 * The comprobante de retención (codDoc 07, XSD 2.0.0) as a comprobante type (DESIGN.md §7, §8;
 * SRI.md "Comprobante de retención"): what an agente de retención withholds from a supplier on a
 * received factura or an own liquidación de compra. Guarded by the 'purchase' permission. Drafts
 * in save-comprobante-retencion-draft.ts; at issue the company must be one who may withhold
 * (core/withholding-issuer.ts, Reglamento LRTI art. 92: a designated agent with `agenteRetencion`,
 * written in infoTributaria; a contribuyente especial; or, being neither, on its own liquidaciones de
 * compra only), and its contribuyenteEspecial must fit 2.0.0 (3–5 characters); XML, parser and RIDE from this folder. The view adds the sujeto
 * retenido, the docsSustento with each retención's valorRetenido, the total withheld and
 * `warnings` (a docSustento more than 5 days older than the retención: LRTI art. 50, not an error).
 */
import { COMPROBANTE_TYPE_META } from '../../../../core/comprobante-types.ts';
import { toSriDate } from '../../../../core/guayaquil-date.ts';
import { refuseAnnulledSustento } from './sustento-source.ts';
import { lateWithholdingWarning } from '../../../../core/withholding-rates.ts';
import { WITHHOLDER_REFUSAL, withholderBasis } from '../../../../core/withholding-issuer.ts';
import { AppError } from '../../../errors.ts';
import type { ComprobanteType } from '../comprobante-type.ts';
import { withholdingSchema } from '../../../schemas/generated/withholding-schema.ts';
import { infoAdicionalWith, issuerFields, toInfoTributaria } from '../document-parts.ts';
import { buildComprobanteRetencionXml } from './build-comprobante-retencion-xml.ts';
import { parseComprobanteRetencionXml } from './parse-comprobante-retencion-xml.ts';
import { comprobanteRetencionRide } from './comprobante-retencion-ride.ts';
import { retencionDetail, saveComprobanteRetencionDraft } from './save-comprobante-retencion-draft.ts';
const num = (v: string) => Number(v);

/** @throws AppError UNPROCESSABLE (422) naming the company setting to fix. */
const refuse = (path: string, message: string) => new AppError('UNPROCESSABLE', message, { details: [{ path, message }] });

export const comprobanteRetencion: ComprobanteType = {
  meta: COMPROBANTE_TYPE_META['07'],
  formSchema: withholdingSchema,
  permission: 'purchase',
  saveDraft: saveComprobanteRetencionDraft,
  viewFields(row) {
    const d = retencionDetail.read(row);
    const docs = d.docsSustento;
    return {
      supplier: d.supplier,
      tipoIdentificacionSujetoRetenido: d.tipoIdentificacionSujetoRetenido,
      razonSocialSujetoRetenido: d.razonSocialSujetoRetenido,
      identificacionSujetoRetenido: d.identificacionSujetoRetenido,
      parteRel: d.parteRel,
      periodoFiscal: d.periodoFiscal,
      totalRetenido: num(row.importeTotal),
      receivedDocument: docs[0]?.receivedDocument ?? null,
      purchaseSettlement: docs[0]?.purchaseSettlement ?? null,
      docsSustento: docs.map((x) => ({
        ...(x.receivedDocument ? { receivedDocument: x.receivedDocument } : {}),
        ...(x.purchaseSettlement ? { purchaseSettlement: x.purchaseSettlement } : {}),
        codSustento: x.codSustento,
        codDocSustento: x.codDocSustento,
        numDocSustento: x.numDocSustento,
        fechaEmisionDocSustento: x.fechaEmisionDocSustento,
        numAutDocSustento: x.numAutDocSustento ?? null,
        totalSinImpuestos: num(x.totalSinImpuestos),
        importeTotal: num(x.importeTotal),
        impuestos: x.impuestos.map((t) => ({ ...t, baseImponible: num(t.baseImponible), tarifa: num(t.tarifa), valorImpuesto: num(t.valorImpuesto) })),
        retenciones: x.retenciones.map((r) => ({ ...r, baseImponible: num(r.baseImponible), porcentajeRetener: num(r.porcentajeRetener), valorRetenido: num(r.valorRetenido) })),
        pagos: x.pagos.map((p) => ({ ...p, total: num(p.total) })),
      })),
      warnings: docs.flatMap((x) => {
        const w = lateWithholdingWarning(x.fechaEmisionDocSustento, row.fechaEmision);
        return w ? [w] : [];
      }),
    };
  },
  async prepareIssue({ tx, row, company, establishment }) {
    const d = retencionDetail.read(row);
    if (!withholderBasis(company, d.docsSustento)) throw refuse('agenteRetencion', WITHHOLDER_REFUSAL);
    await refuseAnnulledSustento(tx, row.companyId, d.docsSustento);
    const especial = company.contribuyenteEspecial ?? undefined;
    if (especial && !/^[A-Za-z0-9]{3,5}$/.test(especial)) {
      throw refuse('contribuyenteEspecial', `El comprobante de retención 2.0.0 admite un número de contribuyente especial de 3 a 5 letras o dígitos; el de la empresa es "${especial}" (corríjalo en Empresa › «Datos de la empresa y del SRI», campo «Contribuyente especial (resolución)»)`);
    }
    return {
      version: '2.0.0',
      buildXml: (n) =>
        buildComprobanteRetencionXml({
          version: '2.0.0',
          infoTributaria: toInfoTributaria(company, row, n, '07'),
          infoCompRetencion: {
            fechaEmision: toSriDate(row.fechaEmision),
            ...issuerFields(company, establishment),
            tipoIdentificacionSujetoRetenido: d.tipoIdentificacionSujetoRetenido,
            parteRel: d.parteRel,
            razonSocialSujetoRetenido: d.razonSocialSujetoRetenido,
            identificacionSujetoRetenido: d.identificacionSujetoRetenido,
            periodoFiscal: d.periodoFiscal,
          },
          docsSustento: d.docsSustento.map((x) => ({
            codSustento: x.codSustento,
            codDocSustento: x.codDocSustento,
            numDocSustento: x.numDocSustento,
            fechaEmisionDocSustento: toSriDate(x.fechaEmisionDocSustento),
            ...(x.numAutDocSustento ? { numAutDocSustento: x.numAutDocSustento } : {}),
            pagoLocExt: '01',
            totalSinImpuestos: x.totalSinImpuestos,
            importeTotal: x.importeTotal,
            impuestosDocSustento: x.impuestos,
            retenciones: x.retenciones,
            pagos: x.pagos,
          })),
          infoAdicional: infoAdicionalWith({ email: d.mailTo[0] }, row.infoAdicional),
        }),
    };
  },
  ride: (signedXml) => comprobanteRetencionRide(parseComprobanteRetencionXml(signedXml)),
};
