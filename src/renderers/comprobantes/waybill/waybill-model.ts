/**
 * The guía de remisión editor's draft (pure): the writable fields of `/api/waybill` (DESIGN.md §4;
 * src/schemas/waybill/schema.json) as the schema form edits them. A new guía starts today with one
 * destinatario; started from a factura (`?invoice=<_id>`, the "Emitir guía de remisión" action) that
 * destinatario cites it, and the server fills the buyer, the address, the lines and the sustento on
 * save. The API view's computed fields (sustento number, authorisation, ids) are left out, so the
 * form's schema (destinatario items: additionalProperties false) accepts the draft.
 */
export type WaybillDraft = Record<string, unknown>;

const TOP = ['establishment', 'ptoEmi', 'dirPartida', 'carrier', 'placa', 'fechaIniTransporte', 'fechaFinTransporte', 'destinatarios', 'infoAdicional'] as const;
const DESTINATARIO = ['invoice', 'identificacion', 'razonSocial', 'direccion', 'email', 'motivoTraslado', 'ruta', 'codEstabDestino', 'docAduaneroUnico', 'detalles'] as const;
const DETALLE = ['codigoInterno', 'codigoAdicional', 'descripcion', 'cantidad'] as const;

const present = (v: unknown) => v !== null && v !== undefined && v !== '';
function pick(source: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => present(source[k])).map((k) => [k, source[k]]));
}

/** The draft of a new guía: transport today, one destinatario (citing `invoice` when given). */
export function emptyWaybill(today: string, invoice?: string | null): WaybillDraft {
  return { fechaIniTransporte: today, fechaFinTransporte: today, destinatarios: [invoice ? { invoice, motivoTraslado: 'Venta' } : { motivoTraslado: 'Venta' }] };
}

/**
 * The first destinatario of a guía started from an authorised factura (its API view): the buyer,
 * the factura cited as sustento and its lines (código principal, descripción, cantidad), shown in the
 * form before saving; the server fills the address from the factura or the customer when left empty.
 * @example destinatarioFromInvoice({_id: 'f1', identificacionComprador: '1710034065', razonSocialComprador: 'Ana', detalles: [{codigoPrincipal: 'P1', descripcion: 'Caja', cantidad: 2}]})
 */
export function destinatarioFromInvoice(invoice: Record<string, unknown>, motivoTraslado = 'Venta'): Record<string, unknown> {
  const lines = Array.isArray(invoice.detalles) ? (invoice.detalles as Array<Record<string, unknown>>) : [];
  return pick(
    {
      invoice: invoice._id,
      identificacion: invoice.identificacionComprador,
      razonSocial: invoice.razonSocialComprador,
      motivoTraslado,
      detalles: lines.map((l) => pick({ codigoInterno: l.codigoPrincipal, codigoAdicional: l.codigoAuxiliar, descripcion: l.descripcion, cantidad: l.cantidad }, DETALLE)),
    },
    DESTINATARIO,
  );
}

/** A draft or API view -> only what the form edits and the server accepts. */
export function fromWaybill(record: Record<string, unknown>): WaybillDraft {
  const draft = pick(record, TOP);
  if (Array.isArray(record.destinatarios)) {
    draft.destinatarios = (record.destinatarios as Array<Record<string, unknown>>).map((d) => {
      const out = pick(d, DESTINATARIO);
      if (Array.isArray(d.detalles)) out.detalles = (d.detalles as Array<Record<string, unknown>>).map((l) => pick(l, DETALLE));
      return out;
    });
  }
  if (Array.isArray(record.infoAdicional)) draft.infoAdicional = (record.infoAdicional as Array<Record<string, unknown>>).map((c) => pick(c, ['nombre', 'valor']));
  return draft;
}

/** The body of POST|PUT /api/waybill: the same cleaning (empty optional fields are dropped). */
export const toWaybillBody = (draft: WaybillDraft): WaybillDraft => fromWaybill(draft);
