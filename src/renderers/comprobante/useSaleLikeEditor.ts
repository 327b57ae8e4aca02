/**
 * The set-up of an editor with priced lines and formas de pago (the factura, the liquidación de
 * compra): the comprobante editor (useComprobanteEditor) started from an empty draft (today, one
 * line, no pagos), the company's establishments with the first one's first point chosen for a new
 * draft, the IVA rates, `update` and `setLines`, the live totals (the type's rule for which lines
 * count, the same the saved body uses) and the pagos gap in cents (what is left to pay, or 0 while
 * optional pagos are not entered). The type's sections (customer or proveedor, lines, payments)
 * draw what it returns.
 * @example
 * const sale = useSaleLikeEditor<InvoiceDraft>({ entry, id, basePath, toForm: fromInvoice, toBody: toRequestBody, check: (d) => firstLineError(d.detalles), liveTotals });
 * <ComprobanteEditorFrame editor={sale.editor} canIssue={Boolean(sale.totals) && sale.gap === 0}>…</ComprobanteEditorFrame>
 */
import { useCallback, useMemo } from 'react';
import type { Row } from '../../engine/resources.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { newLine, paymentGap, type InvoiceDraft, type LineDraft, type LiveTotals } from './sale-model.ts';
import { useDefaultEmissionPoint, useEstablishments } from './EmissionPointFields.tsx';
import { useComprobanteEditor, type ComprobanteEditor, type ComprobanteEditorParams } from './useComprobanteEditor.ts';
import { useIvaRates } from './useIvaRates.ts';
import { phrasing } from '../../../core/comprobante-phrasing.ts';
import { money } from '../format.ts';

/** What the factura's and the liquidación's drafts share. */
export type SaleLikeDraft = Pick<InvoiceDraft, 'establishment' | 'ptoEmi' | 'fechaEmision' | 'detalles' | 'pagos' | 'infoAdicional'>;

export interface SaleLikeEditorParams<D extends SaleLikeDraft> extends Omit<ComprobanteEditorParams<D>, 'initial'> {
  /** The type's live totals of the lines (which lines count is the type's rule). */
  liveTotals: (lines: LineDraft[], rates: Record<string, number>) => LiveTotals;
  /** Pagos may be left out (liquidación); once entered they must add up to the total. */
  pagosOptional?: boolean;
}

export interface SaleLikeEditor<D extends SaleLikeDraft> {
  editor: ComprobanteEditor<D>;
  establishments: Row[] | undefined;
  iva: ReturnType<typeof useIvaRates>;
  update: (patch: Partial<D>) => void;
  setLines: (fn: (lines: LineDraft[]) => LineDraft[]) => void;
  live: LiveTotals;
  totals: LiveTotals['totals'];
  /** importeTotal minus the pagos, in cents (0: they add up, or optional ones are not entered). */
  gap: number;
  /** The question before issuing: «¿Emitir la factura?», and the total it will be sent for. */
  confirmIssue: { title: string; body: string };
}

export function useSaleLikeEditor<D extends SaleLikeDraft>(p: SaleLikeEditorParams<D>): SaleLikeEditor<D> {
  const { liveTotals, pagosOptional, ...params } = p;
  const initial = useMemo(() => ({ fechaEmision: guayaquilDate(new Date()), detalles: [newLine()], pagos: [], infoAdicional: [] }) as SaleLikeDraft as D, []);
  const editor = useComprobanteEditor<D>({ ...params, initial });
  const { draft, setDraft } = editor;
  const establishments = useEstablishments();
  const iva = useIvaRates();
  useDefaultEmissionPoint(draft, establishments, setDraft);

  const update = useCallback((patch: Partial<D>) => setDraft((d) => ({ ...d, ...patch })), [setDraft]);
  const setLines = useCallback((fn: (lines: LineDraft[]) => LineDraft[]) => setDraft((d) => ({ ...d, detalles: fn(d.detalles) })), [setDraft]);
  const live = useMemo(() => liveTotals(draft?.detalles ?? [], iva.rates), [liveTotals, draft?.detalles, iva.rates]);
  const { totals } = live;
  const gap = draft && (!pagosOptional || draft.pagos.length) ? paymentGap(draft.pagos, totals?.importeTotal) : 0;
  const words = phrasing(editor.meta);
  const confirmIssue = { title: `¿Emitir ${words.the} ${words.noun}?`, body: `Se firmará y enviará al SRI por ${totals ? money(totals.importeTotal) : 'el total calculado'}; no se puede deshacer.` };
  return { editor, establishments, iva, update, setLines, live, totals, gap, confirmIssue };
}
