/**
 * The factura editor on the comprobante frame: customer lookup
 * with quick-create, establishment and emission point, a fast line table with product lookup,
 * payments, additional info, live totals (core/totals, the same code the server runs). Issued, it
 * shows the issued panel with "Emitir nota de crédito / débito" and, once authorised, its notas and
 * what is left to credit.
 */
import { useCallback } from 'react';
import { Grid, Stack } from '@chakra-ui/react';
import type { CustomRendererProps } from '../../custom-renderers.ts';
import { ComprobanteEditorFrame } from '../../comprobante/ComprobanteEditorFrame.tsx';
import { firstBlocker, paymentGapBlocker } from '../../comprobante/issue-blocker.ts';
import { useSaleLikeEditor } from '../../comprobante/useSaleLikeEditor.ts';
import { LinesCard } from '../../comprobante/LinesCard.tsx';
import { PaymentsCard } from '../../comprobante/PaymentsCard.tsx';
import { TotalsPanel } from '../../comprobante/TotalsPanel.tsx';
import { InvoiceHeaderFields } from './InvoiceHeaderFields.tsx';
import { InfoAdicionalCard } from '../../comprobante/InfoAdicionalCard.tsx';
import { InvoiceNoteActions, InvoiceNotesCard } from './InvoiceNotes.tsx';
import { RetencionesRecibidasCard } from '../../received/RetencionesRecibidasCard.tsx';
import { fieldError, firstLineError, fromInvoice, liveTotals, type InvoiceDraft } from '../../comprobante/sale-model.ts';
import { toRequestBody } from './invoice-model.ts';

export default function InvoiceEditor({ entry, id = 'new', basePath }: CustomRendererProps) {
  // One rule for what counts, shared by the live totals and the saved body (comprobante/sale-model.ts).
  const sale = useSaleLikeEditor<InvoiceDraft>({ entry, id, basePath, toForm: fromInvoice, toBody: toRequestBody, check: (d) => firstLineError(d.detalles), liveTotals });
  const { editor, establishments, iva, update, setLines, live, totals, gap } = sale;
  const { draft, record, readOnly, errors } = editor;
  const onPagos = useCallback((pagos: InvoiceDraft['pagos']) => update({ pagos }), [update]);
  const blocker = firstBlocker(
    !draft?.customer && 'elija el cliente',
    draft && firstLineError(draft.detalles),
    live.error,
    !totals && 'agregue al menos una línea con un producto',
    paymentGapBlocker(gap),
  );

  return (
    <ComprobanteEditorFrame
      editor={editor}
      canIssue={!blocker && live.lineErrors.size === 0}
      blocker={blocker}
      confirmIssue={sale.confirmIssue}
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
              <PaymentsCard entry={entry} pagos={draft.pagos} importeTotal={totals?.importeTotal} readOnly={readOnly} onChange={onPagos} error={fieldError(errors, 'pagos')} />
              <InfoAdicionalCard entry={entry} infoAdicional={draft.infoAdicional} readOnly={readOnly} update={update} />
            </Stack>
            <TotalsPanel totals={totals} />
          </Grid>
        </>
      )}
    </ComprobanteEditorFrame>
  );
}
