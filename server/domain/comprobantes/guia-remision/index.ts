/**
 * The guía de remisión (codDoc 06, XSD 1.1.0) as a comprobante type (DESIGN.md §7; SRI.md "Other
 * comprobantes"): the goods a carrier moves, per destinatario, with the sustento factura. Drafts in
 * save-guia-remision-draft.ts; the access key is dated with fechaIniTransporte, which the draft
 * stores in the row's fecha_emision (the guía has no fechaEmision); XML and RIDE from this folder.
 */
import { COMPROBANTE_TYPE_META } from '../../../../core/comprobante-types.ts';
import { toSriDate } from '../../../../core/guayaquil-date.ts';
import type { ComprobanteType } from '../comprobante-type.ts';
import { waybillSchema } from '../../../schemas/generated/waybill-schema.ts';
import { issuerFields, toInfoTributaria } from '../document-parts.ts';
import { invalid } from '../draft-parts.ts';
import { buildGuiaRemisionXml } from './build-guia-remision-xml.ts';
import { parseGuiaRemisionXml } from './parse-guia-remision-xml.ts';
import { guiaRemisionRide } from './guia-remision-ride.ts';
import { guiaDetail, saveGuiaRemisionDraft } from './save-guia-remision-draft.ts';

export const guiaRemision: ComprobanteType = {
  meta: COMPROBANTE_TYPE_META['06'],
  formSchema: waybillSchema,
  permission: 'invoice',
  saveDraft: saveGuiaRemisionDraft,
  viewFields(row) {
    const d = guiaDetail.read(row);
    return {
      carrier: d.carrier,
      razonSocialTransportista: d.razonSocialTransportista,
      rucTransportista: d.rucTransportista,
      placa: d.placa,
      dirPartida: d.dirPartida,
      fechaIniTransporte: row.fechaEmision,
      fechaFinTransporte: d.fechaFinTransporte,
      destinatarios: d.destinatarios.map((x) => ({
        invoice: x.invoice ?? null,
        identificacion: x.identificacionDestinatario,
        razonSocial: x.razonSocialDestinatario,
        direccion: x.dirDestinatario,
        email: x.email ?? null,
        motivoTraslado: x.motivoTraslado,
        ruta: x.ruta ?? null,
        codEstabDestino: x.codEstabDestino ?? null,
        docAduaneroUnico: x.docAduaneroUnico ?? null,
        codDocSustento: x.codDocSustento ?? null,
        numDocSustento: x.numDocSustento ?? null,
        numAutDocSustento: x.numAutDocSustento ?? null,
        fechaEmisionDocSustento: x.fechaEmisionDocSustento ?? null,
        detalles: x.detalles.map((l) => ({ ...l, cantidad: Number(l.cantidad) })),
      })),
    };
  },
  async prepareIssue({ row, company, establishment }) {
    const d = guiaDetail.read(row);
    if (d.fechaFinTransporte < row.fechaEmision) throw invalid('fechaFinTransporte', 'La fecha de fin del transporte no puede ser anterior a la de inicio');
    return {
      version: '1.1.0',
      buildXml: (n) =>
        buildGuiaRemisionXml({
          version: '1.1.0',
          infoTributaria: toInfoTributaria(company, row, n, '06'),
          infoGuiaRemision: {
            ...issuerFields(company, establishment),
            dirPartida: d.dirPartida,
            razonSocialTransportista: d.razonSocialTransportista,
            tipoIdentificacionTransportista: d.tipoIdentificacionTransportista,
            rucTransportista: d.rucTransportista,
            fechaIniTransporte: toSriDate(row.fechaEmision),
            fechaFinTransporte: toSriDate(d.fechaFinTransporte),
            placa: d.placa,
          },
          destinatarios: d.destinatarios.map(({ invoice: _invoice, email: _email, ...x }) => x),
          infoAdicional: row.infoAdicional,
        }),
    };
  },
  ride: (signedXml) => guiaRemisionRide(parseGuiaRemisionXml(signedXml)),
};
