/**
 * Create or replace a guía de remisión draft (DESIGN.md §4 `/api/waybill`; SRI.md "Other
 * comprobantes"): the emission point, the carrier (a `carrier` record: its identification, name and
 * default placa), dirPartida (default the establishment's address), the transport dates (start not
 * in the future, end not before start) and one or more destinatarios. A destinatario citing an
 * AUTORIZADA factura (`invoice`) gets its sustento (01, número, authorisation, date) from it and,
 * when not given, the buyer, the address (factura's direccionComprador, else the customer's) and
 * the lines. No prices or totals: the row's money columns are 0.
 * The row: fecha_emision holds fechaIniTransporte (the access key's date, the list's date);
 * customer_id is null; razon_social/identificacion_comprador hold the carrier's (list search);
 * type_detail holds carrier, placa, dirPartida, fechaFinTransporte, destinatarios and `mailTo` (the
 * destinatarios' e-mails, used by the shared mail); `extra` repeats placa, fechaFinTransporte and
 * the destinatarios' names (destinatariosResumen) for the list rows.
 * @throws AppError VALIDATION (paths: carrier, placa, fechaIniTransporte, fechaFinTransporte,
 *   destinatarios.N.invoice, destinatarios.N.identificacion…), NOT_FOUND, INVOICE_LOCKED, FORBIDDEN.
 */
import { and, eq } from 'drizzle-orm';
import type { ComprobanteRow, SaveDraftOptions } from '../comprobante-type.ts';
import { preparedDraftBody, draftHeaderColumns, invalid, noSaleColumns, resolveEmissionPoint, storedInfoAdicional, writeDraft, type DraftBody } from '../draft-parts.ts';
import { waybillSchema } from '../../../schemas/generated/waybill-schema.ts';
import { detailCodec, optionalText, text, textList } from '../type-detail.ts';
import { comprobantes, customers, records } from '../../../db/schema/index-tables.ts';
import { guayaquilDate, toSriDate } from '../../../../core/guayaquil-date.ts';
import { invoiceNumero } from '../comprobante-view.ts';
import { parseFacturaXml } from '../factura/parse-factura-xml.ts';
import type { Db } from '../../../db/client.ts';
import type { GuiaDestinatario } from './guia-remision-document.ts';
import { comprobanteScope } from '../../../db/repositories/comprobantes.ts';

const COLUMNS = { establishment: 1, ptoEmi: 1, dirPartida: 1, carrier: 1, placa: 1, fechaIniTransporte: 1, fechaFinTransporte: 1, destinatarios: 1, infoAdicional: 1 };

/** A destinatario as the draft body gives it (src/schemas/waybill). */
type DestinatarioInput = DraftBody<typeof waybillSchema>['destinatarios'][number];

/** A destinatario as stored in type_detail: the XML's fields, plus the factura's id and an e-mail. */
export type StoredDestinatario = GuiaDestinatario & { invoice?: string; email?: string };

/** What the guía keeps in type_detail. */
export interface GuiaDetail {
  carrier: string;
  tipoIdentificacionTransportista: string;
  rucTransportista: string;
  razonSocialTransportista: string;
  placa: string;
  dirPartida: string;
  fechaFinTransporte: string;
  destinatarios: StoredDestinatario[];
  mailTo: string[];
}

/** The guía's type_detail, checked (type-detail.ts). */
export const guiaDetail = detailCodec<GuiaDetail>('la guía de remisión', {
  type: 'object',
  required: ['carrier', 'tipoIdentificacionTransportista', 'rucTransportista', 'razonSocialTransportista', 'placa', 'dirPartida', 'fechaFinTransporte', 'destinatarios', 'mailTo'],
  properties: {
    carrier: text,
    tipoIdentificacionTransportista: text,
    rucTransportista: text,
    razonSocialTransportista: text,
    placa: text,
    dirPartida: text,
    fechaFinTransporte: text,
    destinatarios: {
      type: 'array',
      items: {
        type: 'object',
        required: ['identificacionDestinatario', 'razonSocialDestinatario', 'dirDestinatario', 'motivoTraslado', 'detalles'],
        properties: {
          identificacionDestinatario: text,
          razonSocialDestinatario: text,
          dirDestinatario: text,
          motivoTraslado: text,
          docAduaneroUnico: optionalText,
          codEstabDestino: optionalText,
          ruta: optionalText,
          codDocSustento: optionalText,
          numDocSustento: optionalText,
          numAutDocSustento: optionalText,
          fechaEmisionDocSustento: optionalText,
          detalles: {
            type: 'array',
            items: { type: 'object', required: ['descripcion', 'cantidad'], properties: { codigoInterno: optionalText, codigoAdicional: optionalText, descripcion: text, cantidad: text } },
          },
          invoice: optionalText,
          email: optionalText,
        },
      },
    },
    mailTo: textList,
  },
});

async function loadCarrier(db: Db, companyId: string, id: string) {
  const [row] = await db.select().from(records).where(and(eq(records.companyId, companyId), eq(records.resource, 'carrier'), eq(records.id, id)));
  if (!row) throw invalid('carrier', 'El transportista no existe');
  return row.data as { tipoIdentificacion: string; identificacion: string; razonSocial: string; placa?: string; email?: string };
}

/** The destinatario with its sustento factura's data. @throws AppError VALIDATION at `destinatarios.N.*`. */
async function toDestinatario(db: Db, companyId: string, d: DestinatarioInput, i: number): Promise<StoredDestinatario> {
  const at = (field: string) => `destinatarios.${i}.${field}`;
  let fromFactura: Partial<StoredDestinatario> = {};
  if (d.invoice) {
    const [row] = await db
      .select({ factura: comprobantes, customer: customers })
      .from(comprobantes)
      .leftJoin(customers, and(eq(customers.companyId, comprobantes.companyId), eq(customers.id, comprobantes.customerId)))
      .where(comprobanteScope({ companyId, id: d.invoice, codDoc: '01' }));
    if (!row) throw invalid(at('invoice'), 'La factura no existe');
    const f = row.factura;
    if (f.status !== 'AUTORIZADA' || !f.signedXml) throw invalid(at('invoice'), `La factura de sustento debe estar autorizada por el SRI; la factura ${invoiceNumero(f) ?? '(borrador)'} está ${f.status}`);
    const doc = parseFacturaXml(f.signedXml);
    const direccion = doc.infoFactura.direccionComprador ?? row.customer?.direccion ?? undefined;
    fromFactura = {
      identificacionDestinatario: doc.infoFactura.identificacionComprador,
      razonSocialDestinatario: doc.infoFactura.razonSocialComprador,
      ...(direccion ? { dirDestinatario: direccion } : {}),
      ...(row.customer?.email ? { email: row.customer.email } : {}),
      codDocSustento: '01',
      numDocSustento: invoiceNumero(f)!,
      numAutDocSustento: f.numeroAutorizacion ?? f.claveAcceso!,
      fechaEmisionDocSustento: toSriDate(f.fechaEmision),
      detalles: doc.detalles.map((l) => ({ codigoInterno: l.codigoPrincipal, ...(l.codigoAuxiliar ? { codigoAdicional: l.codigoAuxiliar } : {}), descripcion: l.descripcion, cantidad: l.cantidad })),
    };
  }
  const identificacion = d.identificacion?.trim() || fromFactura.identificacionDestinatario;
  const razonSocial = d.razonSocial?.trim() || fromFactura.razonSocialDestinatario;
  const direccion = d.direccion?.trim() || fromFactura.dirDestinatario;
  const detalles = d.detalles?.length ? d.detalles.map((l) => ({ ...l, cantidad: String(l.cantidad) })) : fromFactura.detalles;
  if (!identificacion) throw invalid(at('identificacion'), 'Indique la identificación del destinatario');
  if (!razonSocial) throw invalid(at('razonSocial'), 'Indique la razón social del destinatario');
  if (!direccion) throw invalid(at('direccion'), 'Indique la dirección de destino');
  if (!detalles?.length) throw invalid(at('detalles'), 'Indique la mercadería que se traslada');
  const email = d.email ?? fromFactura.email;
  return {
    ...fromFactura,
    identificacionDestinatario: identificacion,
    razonSocialDestinatario: razonSocial,
    dirDestinatario: direccion,
    motivoTraslado: d.motivoTraslado.trim(),
    ...(d.ruta ? { ruta: d.ruta } : {}),
    ...(d.codEstabDestino ? { codEstabDestino: d.codEstabDestino } : {}),
    ...(d.docAduaneroUnico ? { docAduaneroUnico: d.docAduaneroUnico } : {}),
    ...(d.invoice ? { invoice: d.invoice } : {}),
    ...(email ? { email } : { email: undefined }),
    detalles,
  };
}

export async function saveGuiaRemisionDraft(o: SaveDraftOptions): Promise<ComprobanteRow> {
  const { data, extra } = await preparedDraftBody(o, { schema: waybillSchema, columns: COLUMNS });
  const establishment = await resolveEmissionPoint(o.db, { companyId: o.companyId, scope: o.scope, establishmentId: data.establishment, ptoEmi: data.ptoEmi });
  const carrier = await loadCarrier(o.db, o.companyId, data.carrier);
  const placa = data.placa?.trim() || carrier.placa?.trim();
  if (!placa) throw invalid('placa', 'Indique la placa del vehículo (el transportista no tiene una por defecto)');

  const inicio = data.fechaIniTransporte;
  const fin = data.fechaFinTransporte;
  const today = guayaquilDate(o.now);
  if (inicio > today) throw invalid('fechaIniTransporte', `La fecha de inicio del transporte no puede ser futura (hoy es ${toSriDate(today)})`);
  if (fin < inicio) throw invalid('fechaFinTransporte', `La fecha de fin del transporte no puede ser anterior a la de inicio (${toSriDate(inicio)})`);

  const inputs = data.destinatarios;
  const destinatarios: StoredDestinatario[] = [];
  for (const [i, d] of inputs.entries()) destinatarios.push(await toDestinatario(o.db, o.companyId, d, i));
  const detail: GuiaDetail = {
    carrier: data.carrier,
    tipoIdentificacionTransportista: carrier.tipoIdentificacion,
    rucTransportista: carrier.identificacion,
    razonSocialTransportista: carrier.razonSocial,
    placa,
    dirPartida: data.dirPartida?.trim() || establishment.dirEstablecimiento,
    fechaFinTransporte: fin,
    destinatarios,
    mailTo: [...new Set(destinatarios.flatMap((d) => (d.email ? [d.email] : [])))],
  };

  return writeDraft(o.db, {
    companyId: o.companyId,
    codDoc: o.meta.codDoc,
    userId: o.userId,
    id: o.id,
    values: {
      ...draftHeaderColumns({ establishment, ptoEmi: data.ptoEmi, counterpart: { customerId: null, razonSocial: carrier.razonSocial, identificacion: carrier.identificacion } }),
      fechaEmision: inicio,
      relatedId: destinatarios.find((d) => d.invoice)?.invoice ?? null,
      ...noSaleColumns(),
      importeTotal: '0',
      infoAdicional: storedInfoAdicional(data.infoAdicional),
      typeDetail: guiaDetail.write(detail),
      // Schema properties without a column live in `extra`, which the list rows carry (list.json):
      // the plate, the end date and the destinatarios' names, so the list needs no type_detail.
      extra: { ...extra, placa, fechaFinTransporte: fin, destinatariosResumen: destinatarios.map((d) => d.razonSocialDestinatario).join('; ') },
      updatedAt: o.now,
    },
  });
}
