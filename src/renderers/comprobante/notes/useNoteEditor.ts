/**
 * What both nota editors share on top of the comprobante editor: the factura they modify (prefilled
 * from it once it loads), the establishments and IVA rates, `update` for the draft, the props of
 * their header card and the confirmation before issuing.
 * @example
 * const note = useNoteEditor({ entry, id, basePath, resource: 'credit-note', fromInvoice: creditNoteFromInvoice, toForm: fromCreditNote, initial: emptyCreditNote, toBody: toCreditNoteBody, check });
 * <ReferencedInvoiceCard {...note.card} />
 */
import { useCallback } from 'react';
import type { Row } from '../../../engine/resources.ts';
import type { SchemaEntry } from '../../../engine/schema-registry.ts';
import { money } from '../../format.ts';
import { useEstablishments, type EmissionPoint } from '../EmissionPointFields.tsx';
import { useComprobanteEditor, type ComprobanteEditor, type ComprobanteRecord } from '../useComprobanteEditor.ts';
import { useIvaRates } from '../useIvaRates.ts';
import type { InvoiceDraft } from '../sale-model.ts';
import { guayaquilDate } from '../../../../core/guayaquil-date.ts';
import type { NoteResource } from './note-links.ts';
import type { ReferencedInvoiceCardProps } from './ReferencedInvoiceCard.tsx';
import { useReferencedInvoice, type ReferencedInvoice } from './useReferencedInvoice.ts';
import { phrasing } from '../../../../core/comprobante-phrasing.ts';

/** What every nota draft holds: the factura, where and when, additional information. */
export interface NoteDraftBase extends EmissionPoint {
  invoice?: string;
  infoAdicional: InvoiceDraft['infoAdicional'];
}

interface Params<D> {
  entry: SchemaEntry;
  id: string;
  basePath: string;
  resource: NoteResource;
  /** The draft a factura starts (today's date given). */
  fromInvoice: (invoice: Row, fechaEmision: string) => D;
  toForm: (record: ComprobanteRecord) => D;
  /** The draft before a factura is chosen (today's date given). */
  initial: (fechaEmision: string) => D;
  toBody: (draft: D) => unknown;
  check: (draft: D) => string | undefined;
}

export interface NoteEditor<D> {
  editor: ComprobanteEditor<D>;
  reference: ReferencedInvoice;
  iva: ReturnType<typeof useIvaRates>;
  update: (patch: Partial<D>) => void;
  /** For InfoAdicionalCard, whose patches are a factura's. */
  updateInfo: (patch: Partial<InvoiceDraft>) => void;
  /** ReferencedInvoiceCard's props (add `remaining` for a nota de crédito). */
  card: Omit<ReferencedInvoiceCardProps, 'remaining'>;
  /** The confirmation before issuing a nota of `total` (USD). */
  confirmIssue: (total: string | undefined) => { title: string; body: string };
}

export function useNoteEditor<D extends NoteDraftBase>(p: Params<D>): NoteEditor<D> {
  const today = guayaquilDate(new Date());
  const editor = useComprobanteEditor<D>({ entry: p.entry, id: p.id, basePath: p.basePath, toForm: p.toForm, initial: p.initial(today), toBody: p.toBody, check: p.check });
  const { setDraft, draft } = editor;
  const { fromInvoice } = p;
  const onLoaded = useCallback((invoice: Row) => setDraft(fromInvoice(invoice, today), false), [setDraft, fromInvoice, today]);
  const reference = useReferencedInvoice({ editing: editor.editing, draftInvoice: draft?.invoice, onLoaded });
  const establishments = useEstablishments();
  const iva = useIvaRates();
  const update = useCallback((patch: Partial<D>) => setDraft((d) => ({ ...d, ...patch })), [setDraft]);
  const updateInfo = useCallback((patch: Partial<InvoiceDraft>) => patch.infoAdicional && update({ infoAdicional: patch.infoAdicional } as Partial<D>), [update]);
  const words = phrasing(editor.meta);
  return {
    editor,
    reference,
    iva,
    update,
    updateInfo,
    card: { reference, resource: p.resource, basePath: p.basePath, emission: draft ?? {}, establishments, errors: editor.errors, readOnly: editor.readOnly, update: update as (patch: EmissionPoint) => void },
    confirmIssue: (total) => ({
      title: `¿Emitir ${words.the} ${words.noun}?`,
      body: `Se enviará al SRI ${words.a} ${words.noun} por ${money(total)} que modifica la factura ${String(reference.invoice?.numero ?? '')}. Autorizada, no se puede cambiar ni eliminar.`,
    }),
  };
}
