/**
 * The factura a nota de crédito or nota de débito modifies (SRI.md "Other comprobantes"): only the
 * original's issuer, to the same buyer, citing an authorised document; none on a consumidor final
 * factura. The buyer and the modified document are read from the factura's signed XML (the legal
 * document), never from today's customer row.
 */
import type { Db } from '../../db/client.ts';
import { guayaquilDate, toSriDate } from '../../../core/guayaquil-date.ts';
import { AppError, notFound } from '../../errors.ts';
import { invoiceNumero } from './comprobante-view.ts';
import type { CompanyRow, ComprobanteRow, EstablishmentRow, SaveDraftOptions } from './comprobante-type.ts';
import { issuerFields } from './document-parts.ts';
import { draftHeaderColumns, invalid, resolveEmissionPoint, storedInfoAdicional, type DraftBody } from './draft-parts.ts';
import type { creditNoteSchema } from '../../schemas/generated/credit-note-schema.ts';
import type { debitNoteSchema } from '../../schemas/generated/debit-note-schema.ts';
import { parseFacturaXml } from './factura/parse-factura-xml.ts';
import { CONSUMIDOR_FINAL } from './factura/factura-rules.ts';
import { findComprobante } from '../../db/repositories/comprobantes.ts';

/** The modified document as the notas' XML and RIDE name it. */
export interface ModifiedDocument {
  codDocModificado: '01';
  /** '001-001-000000123'. */
  numDocModificado: string;
  /** dd/mm/aaaa. */
  fechaEmisionDocSustento: string;
}

/** The {@link ModifiedDocument} fields of a nota's type_detail schema (type-detail.ts). */
export const modifiedDocumentProperties = {
  codDocModificado: { type: 'string', const: '01' },
  numDocModificado: { type: 'string' },
  fechaEmisionDocSustento: { type: 'string' },
} as const;
export const MODIFIED_DOCUMENT_FIELDS = ['codDocModificado', 'numDocModificado', 'fechaEmisionDocSustento'] as const;

/** The buyer as the factura's XML has it. */
export interface NotaBuyer {
  tipoIdentificacionComprador: string;
  razonSocialComprador: string;
  identificacionComprador: string;
}

export interface ReferencedFactura {
  row: ComprobanteRow;
  buyer: NotaBuyer;
  modified: ModifiedDocument;
}

/**
 * Loads and checks the referenced factura (optionally row-locked: the issue of a nota locks its
 * factura, so two notas of one factura are checked one after the other).
 * @param noteLabel "nota de crédito" | "nota de débito", for the messages.
 * @throws AppError NOT_FOUND (not this company's factura), VALIDATION at `invoice` (not
 *   AUTORIZADA, or a consumidor final sale).
 */
export async function loadReferencedFactura(db: Db, p: { companyId: string; invoiceId: string; noteLabel: string; forUpdate?: boolean }): Promise<ReferencedFactura> {
  const row = await findComprobante(db, { companyId: p.companyId, id: p.invoiceId, codDoc: '01' }, { lock: p.forUpdate });
  if (!row) throw notFound('La factura');
  const refuse = (message: string) => new AppError('VALIDATION', message, { details: [{ path: 'invoice', message }] });
  if (row.status !== 'AUTORIZADA' || !row.signedXml) throw refuse(`Solo se emite una ${p.noteLabel} sobre una factura autorizada por el SRI; la factura ${invoiceNumero(row) ?? '(borrador)'} está ${row.status}`);
  const f = parseFacturaXml(row.signedXml).infoFactura;
  if (f.tipoIdentificacionComprador === CONSUMIDOR_FINAL) throw refuse(`No se emite una ${p.noteLabel} sobre una factura a consumidor final (SRI)`);
  return {
    row,
    buyer: { tipoIdentificacionComprador: f.tipoIdentificacionComprador, razonSocialComprador: f.razonSocialComprador, identificacionComprador: f.identificacionComprador },
    modified: { codDocModificado: '01', numDocModificado: invoiceNumero(row)!, fechaEmisionDocSustento: toSriDate(row.fechaEmision) },
  };
}

/** The header fields both notas' draft bodies have (src/schemas/credit-note, src/schemas/debit-note). */
export type NotaHeaderBody = Pick<DraftBody<typeof creditNoteSchema> | DraftBody<typeof debitNoteSchema>, 'invoice' | 'establishment' | 'ptoEmi' | 'fechaEmision' | 'infoAdicional'>;

/**
 * The establishment and ptoEmi of a nota: as given, else the factura's (DESIGN.md §4).
 */
function notaEmissionPoint(data: NotaHeaderBody, factura: ComprobanteRow): { establishmentId: string; ptoEmi: string } {
  return {
    establishmentId: data.establishment ?? factura.establishmentId,
    ptoEmi: data.ptoEmi ?? factura.ptoEmi,
  };
}

/**
 * The header every nota draft shares: its factura (checked), its emission point (default the
 * factura's, in the caller's scope) and its date (default today; never before the factura's).
 * @throws as {@link loadReferencedFactura} and resolveEmissionPoint; VALIDATION at `fechaEmision`.
 */
export async function notaDraftHeader(o: SaveDraftOptions, data: NotaHeaderBody, noteLabel: string) {
  const ref = await loadReferencedFactura(o.db, { companyId: o.companyId, invoiceId: data.invoice, noteLabel });
  const point = notaEmissionPoint(data, ref.row);
  const establishment = await resolveEmissionPoint(o.db, { companyId: o.companyId, scope: o.scope, ...point });
  const fechaEmision = data.fechaEmision ?? guayaquilDate(o.now);
  if (fechaEmision < ref.row.fechaEmision) throw invalid('fechaEmision', `La ${noteLabel} no puede tener fecha anterior a la factura (${ref.modified.fechaEmisionDocSustento})`);
  return {
    ref,
    fechaEmision,
    /** The row's columns every nota takes from its header. */
    columns: {
      ...draftHeaderColumns({ establishment, ptoEmi: point.ptoEmi, counterpart: { customerId: ref.row.customerId, razonSocial: ref.buyer.razonSocialComprador, identificacion: ref.buyer.identificacionComprador } }),
      fechaEmision,
      relatedId: ref.row.id,
      infoAdicional: storedInfoAdicional(data.infoAdicional),
      updatedAt: o.now,
    },
  };
}

/** The start of a nota's info element: fecha, issuer fields, the buyer and the modified factura (XSD order is the builder's). */
export function notaInfoHeader(p: { row: ComprobanteRow; company: CompanyRow; establishment: EstablishmentRow; ref: ReferencedFactura }) {
  return { fechaEmision: toSriDate(p.row.fechaEmision), ...issuerFields(p.company, p.establishment), ...p.ref.buyer, ...p.ref.modified };
}
