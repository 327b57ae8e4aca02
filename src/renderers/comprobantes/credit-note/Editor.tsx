/**
 * The nota de crédito editor on the comprobante frame: the
 * factura it modifies with its buyer locked, the razón de la modificación, the factura's lines (the
 * user removes or reduces them, or enters a discount), live totals against what is left to credit
 * (GET /api/invoice/{_id}/creditable); issued, the same issued panel as a factura.
 */
import { useCallback, useMemo } from 'react';
import { Alert, Card, Field, Grid, Stack, Text, Textarea } from '@chakra-ui/react';
import type { CustomRendererProps } from '../../custom-renderers.ts';
import { ComprobanteEditorFrame } from '../../comprobante/ComprobanteEditorFrame.tsx';
import { LinesCard } from '../../comprobante/LinesCard.tsx';
import { TotalsPanel } from '../../comprobante/TotalsPanel.tsx';
import { InfoAdicionalCard } from '../../comprobante/InfoAdicionalCard.tsx';
import { useCreditable } from '../../comprobante/notes/useCreditable.ts';
import { centsOf, fieldError, firstLineError, liveTotals, type LineDraft } from '../../comprobante/sale-model.ts';
import { money } from '../../format.ts';
import { creditNoteFromInvoice, creditNoteProblem, emptyCreditNote, fromCreditNote, quantityProblems, rateProblem, toCreditNoteBody, type CreditNoteDraft } from './credit-note-model.ts';
import { ReferencedInvoiceCard } from '../../comprobante/notes/ReferencedInvoiceCard.tsx';
import { useNoteEditor } from '../../comprobante/notes/useNoteEditor.ts';
import { lowerFirst } from '../../../../core/validation-messages.ts';

const check = (d: CreditNoteDraft) => creditNoteProblem(d) ?? firstLineError(d.detalles);

export default function CreditNoteEditor({ entry, id = 'new', basePath }: CustomRendererProps) {
  const note = useNoteEditor<CreditNoteDraft>({ entry, id, basePath, resource: 'credit-note', fromInvoice: creditNoteFromInvoice, toForm: fromCreditNote, initial: emptyCreditNote, toBody: toCreditNoteBody, check });
  const { editor, reference, iva, update } = note;
  const { draft, setDraft, readOnly, errors, issued } = editor;
  const { data: creditable } = useCreditable(reference.invoiceId, reference.invoice?.status === 'AUTORIZADA');
  const setLines = useCallback((fn: (lines: LineDraft[]) => LineDraft[]) => setDraft((d) => ({ ...d, detalles: fn(d.detalles) })), [setDraft]);
  const invoicedLines = reference.invoice?.detalles as Array<Record<string, unknown>> | undefined;
  // Only while a draft: once issued, the remaining amounts already count this nota.
  const overQuantity = useMemo(() => (!issued && draft && invoicedLines ? quantityProblems(draft.detalles, invoicedLines) : new Map<string, string>()), [issued, draft, invoicedLines]);
  const live = useMemo(() => {
    const totals = liveTotals(draft?.detalles ?? [], iva.rates);
    return overQuantity.size ? { ...totals, lineErrors: new Map([...overQuantity, ...totals.lineErrors]) } : totals;
  }, [draft?.detalles, iva.rates, overQuantity]);
  const total = live.totals?.importeTotal;
  const exceeds = !issued && creditable !== undefined && total !== undefined && centsOf(total) > centsOf(creditable.remaining);
  const overRate = !issued && creditable && live.totals ? rateProblem(live.totals.totalConImpuestos, creditable) : undefined;
  const overLine = draft?.detalles.findIndex((l) => overQuantity.has(l.key)) ?? -1;
  const motivoError = fieldError(errors, 'motivo');
  const blocker = !draft?.invoice
    ? 'elija la factura que se modifica'
    : !draft.motivo.trim()
      ? 'escriba la razón de la modificación'
      : (firstLineError(draft.detalles) ??
        live.error ??
        (overLine >= 0 ? `línea ${overLine + 1}, ${lowerFirst(overQuantity.get(draft.detalles[overLine].key) ?? '')}` : undefined) ??
        (!live.totals
          ? 'deje al menos una línea con la cantidad que se acredita'
          : (overRate ??
            (exceeds && creditable ? `la nota (${money(total)}) supera lo que queda por acreditar de la factura (${money(creditable.remaining)})` : undefined))));

  return (
    <ComprobanteEditorFrame editor={editor} canIssue={Boolean(live.totals) && live.lineErrors.size === 0 && Boolean(draft?.invoice && draft.motivo.trim()) && !exceeds && !overRate} blocker={blocker} confirmIssue={note.confirmIssue(total)}>
      {draft && (
        <>
          <ReferencedInvoiceCard {...note.card} remaining={creditable?.remaining} />
          <Card.Root>
            <Card.Body>
              <Field.Root invalid={Boolean(motivoError)} required>
                <Field.Label>Razón de la modificación</Field.Label>
                <Textarea size="sm" rows={2} maxLength={300} placeholder="Devolución de mercadería, descuento concedido, anulación de la venta…" value={draft.motivo} disabled={readOnly} onChange={(e) => update({ motivo: e.target.value })} />
                <Field.ErrorText>{motivoError}</Field.ErrorText>
              </Field.Root>
            </Card.Body>
          </Card.Root>
          {draft.invoice || draft.detalles.length ? (
            <LinesCard
              lines={draft.detalles}
              live={live}
              ivaOptions={iva.options}
              readOnly={readOnly}
              locked
              setLines={setLines}
              error={fieldError(errors, 'detalles')}
              hint={
                !readOnly && (
                  <Text fontSize="sm" color="fg.muted">
                    Son las líneas de la factura: quite las que no se devuelven, reduzca cantidades o ingrese un descuento.
                  </Text>
                )
              }
            />
          ) : (
            <Text color="fg.muted">Elija la factura para traer sus líneas.</Text>
          )}
          <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="4" alignItems="start">
            <InfoAdicionalCard entry={entry} infoAdicional={draft.infoAdicional} readOnly={readOnly} update={note.updateInfo} />
            <Stack gap="3">
              <TotalsPanel totals={live.totals} totalLabel="Valor de la modificación" emptyText="Deje al menos una línea para ver los totales." />
              {creditable && !issued && (
                <Text fontSize="sm" data-testid="note-remaining">
                  Saldo por acreditar de la factura: <strong>{money(creditable.remaining)}</strong>
                </Text>
              )}
              {(exceeds || overRate) && (
                <Alert.Root status="error" size="sm">
                  <Alert.Indicator />
                  <Alert.Description>{exceeds ? `La nota supera el saldo por acreditar de la factura (${money(creditable?.remaining)}).` : `En la nota, ${overRate}.`}</Alert.Description>
                </Alert.Root>
              )}
            </Stack>
          </Grid>
        </>
      )}
    </ComprobanteEditorFrame>
  );
}
