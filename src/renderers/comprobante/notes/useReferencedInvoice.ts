/**
 * The factura a nota modifies: a new nota takes it from the route (`?invoice=<_id>`, the factura's
 * "Emitir nota de…" action) or from the picker, and is prefilled once when it loads (`onLoaded`);
 * a saved nota names it in its draft.
 * @example const ref = useReferencedInvoice({ editing, draftInvoice: draft?.invoice, onLoaded: (inv) => setDraft(creditNoteFromInvoice(inv, today), false) });
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useRecord, type Row } from '../../../engine/resources.ts';

export interface ReferencedInvoice {
  invoiceId: string | undefined;
  /** The factura's API view, once loaded. */
  invoice: Row | undefined;
  loading: boolean;
  /** A new nota whose factura is not fixed yet (not opened from the factura's action): it may be chosen. */
  choosable: boolean;
  /** Choose another factura (a new nota only). */
  pick: (id: string | undefined) => void;
}

export function useReferencedInvoice(p: { editing: boolean; draftInvoice?: string; onLoaded: (invoice: Row) => void }): ReferencedInvoice {
  const [params] = useSearchParams();
  const [picked, setPicked] = useState<string | undefined>();
  const fromRoute = params.get('invoice') ?? undefined;
  const invoiceId = p.editing ? p.draftInvoice : (fromRoute ?? picked);
  const { record: invoice, isLoading } = useRecord({ resource: 'invoice', id: invoiceId });
  const prefilled = useRef<string | undefined>(undefined);
  const { onLoaded, editing } = p;
  useEffect(() => {
    if (editing || !invoice || prefilled.current === invoice._id) return;
    prefilled.current = invoice._id;
    onLoaded(invoice);
  }, [editing, invoice, onLoaded]);
  return { invoiceId, invoice, loading: Boolean(invoiceId) && isLoading, choosable: !p.editing && !fromRoute, pick: setPicked };
}
