/**
 * The factura editor (`x-renderer: "invoice-editor"`) on the comprobante frame: customer lookup
 * with quick-create, establishment and emission point, a fast line table with product lookup,
 * payments, additional info, live totals (core/totals, the same code the server runs). Issued, it
 * shows the issued panel with "Emitir nota de crédito / débito" and, once authorised, its notas and
 * what is left to credit.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { Grid, Stack } from '@chakra-ui/react';
import type { CustomRendererProps } from '../custom-renderers.ts';
import { ComprobanteEditorFrame } from '../comprobante/ComprobanteEditorFrame.tsx';
import { useEstablishments } from '../comprobante/EmissionPointFields.tsx';
import { useComprobanteEditor } from '../comprobante/useComprobanteEditor.ts';
import { useIvaRates } from '../comprobante/useIvaRates.ts';
import { LinesCard } from './LinesCard.tsx';
import { PaymentsCard } from './PaymentsCard.tsx';
import { TotalsPanel } from './TotalsPanel.tsx';
import { InvoiceHeaderFields } from './InvoiceHeaderFields.tsx';
import { InfoAdicionalCard } from './InfoAdicionalCard.tsx';
import { InvoiceNoteActions, InvoiceNotesCard } from './InvoiceNotes.tsx';
import { RetencionesRecibidasCard } from '../received/RetencionesRecibidasCard.tsx';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { fieldError, firstLineError, fromInvoice, type Establishment, liveTotals, newLine, paymentGap, toRequestBody, type InvoiceDraft, type LineDraft } from './invoice-model.ts';

export default function InvoiceEditor({ entry, id = 'new', basePath }: CustomRendererProps) {
  const editor = useComprobanteEditor<InvoiceDraft>({
    entry,
    id,
    basePath,
    toForm: fromInvoice,
    initial: { fechaEmision: guayaquilDate(new Date()), detalles: [newLine()], pagos: [], infoAdicional: [] },
    toBody: toRequestBody,
    check: (d) => firstLineError(d.detalles),
  });
  const { draft, setDraft, record, readOnly, errors } = editor;
  const establishments = useEstablishments();
  const iva = useIvaRates();

  useEffect(() => {
    if (draft && !draft.establishment && establishments?.length) {
      const first = establishments[0] as Establishment;
      setDraft((d) => ({ ...d, establishment: String(first._id), ptoEmi: first.puntosEmision[0]?.ptoEmi }), false);
    }
  }, [draft, establishments, setDraft]);

  const update = useCallback((patch: Partial<InvoiceDraft>) => setDraft((d) => ({ ...d, ...patch })), [setDraft]);
  const setLines = useCallback((fn: (lines: LineDraft[]) => LineDraft[]) => setDraft((d) => ({ ...d, detalles: fn(d.detalles) })), [setDraft]);

  // One rule for what counts, shared by the live totals and the saved body (invoice-model.ts).
  const live = useMemo(() => liveTotals(draft?.detalles ?? [], iva.rates), [draft?.detalles, iva.rates]);
  const { totals } = live;
  const gap = draft ? paymentGap(draft.pagos, totals?.importeTotal) : 0;

  return (
    <ComprobanteEditorFrame
      editor={editor}
      canIssue={Boolean(totals) && gap === 0 && live.lineErrors.size === 0}
      issuedActions={record && <InvoiceNoteActions invoice={record} basePath={basePath} />}
      issuedExtras={
        record && (
          <>
            <InvoiceNotesCard invoice={record} basePath={basePath} />
            <RetencionesRecibidasCard invoice={record} />
          </>
        )
      }
    >
      {draft && (
        <>
          <InvoiceHeaderFields customer={draft.customer} establishmentId={draft.establishment} ptoEmi={draft.ptoEmi} fechaEmision={draft.fechaEmision} establishments={establishments} errors={errors} readOnly={readOnly} update={update} />
          <LinesCard lines={draft.detalles} live={live} ivaOptions={iva.options} readOnly={readOnly} setLines={setLines} error={fieldError(errors, 'detalles')} />
          <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="4" alignItems="start">
            <Stack gap="4">
              <PaymentsCard entry={entry} pagos={draft.pagos} importeTotal={totals?.importeTotal} readOnly={readOnly} onChange={(pagos) => update({ pagos })} error={fieldError(errors, 'pagos')} />
              <InfoAdicionalCard entry={entry} infoAdicional={draft.infoAdicional} readOnly={readOnly} update={update} />
            </Stack>
            <TotalsPanel totals={totals} />
          </Grid>
        </>
      )}
    </ComprobanteEditorFrame>
  );
}
