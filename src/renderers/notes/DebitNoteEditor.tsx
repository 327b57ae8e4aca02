/**
 * The nota de débito editor (`x-renderer: "debit-note-editor"`) on the comprobante frame: the
 * factura it modifies with its buyer locked, the razones with their valores at one IVA rate, optional
 * payments, live totals; issued, the same issued panel as a factura.
 */
import { useCallback, useMemo } from 'react';
import { Card, Field, Grid, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { CustomRendererProps } from '../custom-renderers.ts';
import type { Row } from '../../engine/resources.ts';
import { ComprobanteEditorFrame } from '../comprobante/ComprobanteEditorFrame.tsx';
import { useEstablishments, type EmissionPoint } from '../comprobante/EmissionPointFields.tsx';
import { useComprobanteEditor } from '../comprobante/useComprobanteEditor.ts';
import { useIvaRates } from '../comprobante/useIvaRates.ts';
import { TotalsPanel } from '../invoice/TotalsPanel.tsx';
import { PaymentsEditor } from '../invoice/PaymentsEditor.tsx';
import { InfoAdicionalEditor } from '../invoice/InfoAdicionalEditor.tsx';
import { fieldError, maxInfoAdicional, paymentGap, type InvoiceDraft } from '../invoice/invoice-model.ts';
import { money } from '../format.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { debitNoteFromInvoice, debitNoteProblem, debitNoteTotals, emptyDebitNote, fromDebitNote, toDebitNoteBody, type DebitNoteDraft } from './debit-note-model.ts';
import { MotivosEditor } from './MotivosEditor.tsx';
import { ReferencedInvoiceCard } from './ReferencedInvoiceCard.tsx';
import { useReferencedInvoice } from './useReferencedInvoice.ts';

export default function DebitNoteEditor({ entry, id = 'new', basePath }: CustomRendererProps) {
  const today = guayaquilDate(new Date());
  const editor = useComprobanteEditor<DebitNoteDraft>({
    entry,
    id,
    basePath,
    toForm: fromDebitNote,
    initial: emptyDebitNote(today),
    toBody: toDebitNoteBody,
    check: debitNoteProblem,
  });
  const { draft, setDraft, readOnly, errors, editing } = editor;
  const onLoaded = useCallback((invoice: Row) => setDraft(debitNoteFromInvoice(invoice, today), false), [setDraft, today]);
  const reference = useReferencedInvoice({ editing, draftInvoice: draft?.invoice, onLoaded });
  const establishments = useEstablishments();
  const iva = useIvaRates();

  const update = useCallback((patch: Partial<DebitNoteDraft>) => setDraft((d) => ({ ...d, ...patch })), [setDraft]);
  const updateInfo = useCallback((patch: Partial<InvoiceDraft>) => patch.infoAdicional && update({ infoAdicional: patch.infoAdicional }), [update]);
  const { totals, error: totalsError } = useMemo(() => debitNoteTotals(draft?.motivos ?? [], draft?.codigoPorcentajeIva ?? '4', iva.rates), [draft?.motivos, draft?.codigoPorcentajeIva, iva.rates]);
  const pagos = draft?.pagos ?? [];
  const gap = paymentGap(pagos, totals?.importeTotal);
  const motivosError = fieldError(errors, 'motivos') ?? totalsError;
  const paymentsError = fieldError(errors, 'pagos');
  const numero = String(reference.invoice?.numero ?? '');

  return (
    <ComprobanteEditorFrame
      editor={editor}
      canIssue={Boolean(totals) && Boolean(draft?.invoice) && (pagos.length === 0 || gap === 0)}
      confirmIssue={{
        title: '¿Emitir la nota de débito?',
        body: `Se enviará al SRI una nota de débito por ${money(totals?.importeTotal)} sobre la factura ${numero}. Autorizada, no se puede cambiar ni eliminar.`,
      }}
    >
      {draft && (
        <>
          <ReferencedInvoiceCard
            reference={reference}
            resource="debit-note"
            basePath={basePath}
            emission={draft}
            establishments={establishments}
            errors={errors}
            readOnly={readOnly}
            update={update as (patch: EmissionPoint) => void}
          />
          <Card.Root>
            <Card.Header>
              <Heading size="md">Razones de la modificación</Heading>
            </Card.Header>
            <Card.Body>
              <Stack gap="3">
                <MotivosEditor motivos={draft.motivos} readOnly={readOnly} onChange={(motivos) => update({ motivos })} />
                <Field.Root invalid={Boolean(fieldError(errors, 'codigoPorcentajeIva'))} maxW="240px">
                  <Field.Label>IVA de las razones</Field.Label>
                  <NativeSelect.Root size="sm" disabled={readOnly}>
                    <NativeSelect.Field aria-label="IVA de las razones" value={draft.codigoPorcentajeIva} onChange={(e) => update({ codigoPorcentajeIva: e.target.value })}>
                      {iva.options.map((o) => (
                        <option key={o.code} value={o.code}>
                          {o.name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Field.ErrorText>{fieldError(errors, 'codigoPorcentajeIva')}</Field.ErrorText>
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
                <Card.Root>
                  <Card.Header>
                    <Heading size="md">Formas de pago</Heading>
                    {!readOnly && (
                      <Text fontSize="sm" color="fg.muted">
                        Opcional: si las indica, deben sumar el valor total.
                      </Text>
                    )}
                  </Card.Header>
                  <Card.Body>
                    {/* The balance is shown once a payment is entered: a nota without payments is valid. */}
                    <PaymentsEditor pagos={pagos} gapCents={totals ? gap : 0} importeTotal={pagos.length ? totals?.importeTotal : undefined} readOnly={readOnly} onChange={(next) => update({ pagos: next })} />
                    {paymentsError && (
                      <Text color="red.600" fontSize="sm" mt="2" role="alert">
                        {paymentsError}
                      </Text>
                    )}
                  </Card.Body>
                </Card.Root>
              )}
              <InfoAdicionalEditor infoAdicional={draft.infoAdicional} max={maxInfoAdicional(entry.schema)} readOnly={readOnly} update={updateInfo} />
            </Stack>
            <TotalsPanel totals={totals} emptyText="Agregue razones con su valor para ver los totales." />
          </Grid>
        </>
      )}
    </ComprobanteEditorFrame>
  );
}
