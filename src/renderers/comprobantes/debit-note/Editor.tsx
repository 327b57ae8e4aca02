/**
 * The nota de débito editor on the comprobante frame: the
 * factura it modifies with its buyer locked, the razones with their valores at one IVA rate, optional
 * payments, live totals; issued, the same issued panel as a factura.
 */
import { useMemo } from 'react';
import { Card, Field, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import type { CustomRendererProps } from '../../custom-renderers.ts';
import { ComprobanteEditorFrame } from '../../comprobante/ComprobanteEditorFrame.tsx';
import { asReason, firstBlocker, paymentGapBlocker } from '../../comprobante/issue-blocker.ts';
import { IvaSelect } from '../../comprobante/IvaSelect.tsx';
import { TotalsPanel } from '../../comprobante/TotalsPanel.tsx';
import { PaymentsCard } from '../../comprobante/PaymentsCard.tsx';
import { InfoAdicionalCard } from '../../comprobante/InfoAdicionalCard.tsx';
import { fieldError, paymentGap } from '../../comprobante/sale-model.ts';
import { debitNoteFromInvoice, debitNoteProblem, debitNoteTotals, emptyDebitNote, fromDebitNote, toDebitNoteBody, type DebitNoteDraft } from './debit-note-model.ts';
import { MotivosEditor } from './MotivosEditor.tsx';
import { ReferencedInvoiceCard } from '../../comprobante/notes/ReferencedInvoiceCard.tsx';
import { useNoteEditor } from '../../comprobante/notes/useNoteEditor.ts';

export default function DebitNoteEditor({ entry, id = 'new', basePath }: CustomRendererProps) {
  const note = useNoteEditor<DebitNoteDraft>({ entry, id, basePath, resource: 'debit-note', fromInvoice: debitNoteFromInvoice, toForm: fromDebitNote, initial: emptyDebitNote, toBody: toDebitNoteBody, check: debitNoteProblem });
  const { editor, iva, update } = note;
  const { draft, readOnly, errors } = editor;
  const { totals, error: totalsError } = useMemo(() => debitNoteTotals(draft?.motivos ?? [], draft?.codigoPorcentajeIva ?? '4', iva.rates), [draft?.motivos, draft?.codigoPorcentajeIva, iva.rates]);
  const pagos = draft?.pagos ?? [];
  const gap = paymentGap(pagos, totals?.importeTotal);
  const motivosError = fieldError(errors, 'motivos') ?? totalsError;
  const rateError = fieldError(errors, 'codigoPorcentajeIva');
  const blocker = firstBlocker(
    !draft?.invoice && 'elija la factura que se modifica',
    !totals && (asReason(totalsError) ?? 'escriba al menos una razón con su valor'),
    pagos.length > 0 && paymentGapBlocker(gap),
  );

  return (
    <ComprobanteEditorFrame editor={editor} canIssue={!blocker} blocker={blocker} confirmIssue={note.confirmIssue(totals?.importeTotal)}>
      {draft && (
        <>
          <ReferencedInvoiceCard {...note.card} />
          <Card.Root>
            <Card.Header>
              <Heading size="md">Razones de la modificación</Heading>
            </Card.Header>
            <Card.Body>
              <Stack gap="3">
                <MotivosEditor motivos={draft.motivos} readOnly={readOnly} onChange={(motivos) => update({ motivos })} />
                <Field.Root invalid={Boolean(rateError)} maxW="240px">
                  <Field.Label>IVA de las razones</Field.Label>
                  <IvaSelect label="IVA de las razones" value={draft.codigoPorcentajeIva} options={iva.options} disabled={readOnly} onChange={(codigoPorcentajeIva) => update({ codigoPorcentajeIva })} />
                  <Field.ErrorText>{rateError}</Field.ErrorText>
                </Field.Root>
                {motivosError && (
                  <Text color="red.600" fontSize="sm" role="alert">
                    {motivosError}
                  </Text>
                )}
              </Stack>
            </Card.Body>
          </Card.Root>
          <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="4" alignItems="start">
            <Stack gap="4">
              {(!readOnly || pagos.length > 0) && (
                <PaymentsCard
                  entry={entry}
                  pagos={pagos}
                  importeTotal={totals?.importeTotal}
                  balanceOnlyWithPayments
                  readOnly={readOnly}
                  onChange={(next) => update({ pagos: next })}
                  error={fieldError(errors, 'pagos')}
                  hint={
                    !readOnly && (
                      <Text fontSize="sm" color="fg.muted">
                        Opcional: si las indica, deben sumar el valor total.
                      </Text>
                    )
                  }
                />
              )}
              <InfoAdicionalCard entry={entry} infoAdicional={draft.infoAdicional} readOnly={readOnly} update={note.updateInfo} />
            </Stack>
            <TotalsPanel totals={totals} emptyText="Agregue razones con su valor para ver los totales." />
          </Grid>
        </>
      )}
    </ComprobanteEditorFrame>
  );
}
