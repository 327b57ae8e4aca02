/**
 * The liquidación de compra editor on the comprobante
 * frame, with the factura editor's pieces: the proveedor (SupplierPicker, with "Nuevo proveedor"),
 * establishment, emission point and date, the line table (a line counts with a product or a
 * description; settlement-model.ts), optional formas de pago, additional info and live totals
 * (core/totals, as the server). Issued, the shared issued panel (RIDE, XML, correo) and, once
 * AUTORIZADA, "Emitir retención".
 */
import { Box, Card, Field, Grid, Stack, Text } from '@chakra-ui/react';
import type { CustomRendererProps } from '../../custom-renderers.ts';
import { ComprobanteEditorFrame } from '../../comprobante/ComprobanteEditorFrame.tsx';
import { asReason, firstBlocker, paymentGapBlocker } from '../../comprobante/issue-blocker.ts';
import { EmissionPointFields } from '../../comprobante/EmissionPointFields.tsx';
import { useSaleLikeEditor } from '../../comprobante/useSaleLikeEditor.ts';
import { LinesCard } from '../../comprobante/LinesCard.tsx';
import { PaymentsCard } from '../../comprobante/PaymentsCard.tsx';
import { TotalsPanel } from '../../comprobante/TotalsPanel.tsx';
import { InfoAdicionalCard } from '../../comprobante/InfoAdicionalCard.tsx';
import { type InvoiceDraft } from '../../comprobante/sale-model.ts';
import { SupplierPicker } from './SupplierPicker.tsx';
import { EmitWithholdingAction } from './EmitWithholdingAction.tsx';
import { fieldError, firstSettlementLineError, fromSettlement, settlementLiveTotals, toSettlementBody, type SettlementDraft } from './settlement-model.ts';

export default function SettlementEditor({ entry, id = 'new', basePath }: CustomRendererProps) {
  // Pagos are optional in a liquidación; once entered they must add up to the total.
  const sale = useSaleLikeEditor<SettlementDraft>({
    entry,
    id,
    basePath,
    toForm: fromSettlement,
    toBody: toSettlementBody,
    check: (d) => (d.supplier ? firstSettlementLineError(d.detalles) : 'Elija el proveedor de la liquidación'),
    liveTotals: settlementLiveTotals,
    pagosOptional: true,
  });
  const { editor, establishments, iva, update, setLines, live, totals, gap } = sale;
  const { draft, record, readOnly, errors } = editor;
  const supplierError = fieldError(errors, 'supplier');
  const blocker = firstBlocker(
    !draft?.supplier && 'elija el proveedor',
    asReason(draft && firstSettlementLineError(draft.detalles)),
    live.error,
    !totals && 'agregue al menos una línea con su descripción, cantidad y precio',
    paymentGapBlocker(gap),
  );

  return (
    <ComprobanteEditorFrame
      editor={editor}
      canIssue={!blocker && live.lineErrors.size === 0}
      blocker={blocker}
      confirmIssue={sale.confirmIssue}
      issuedActions={record && <EmitWithholdingAction settlement={record} basePath={basePath} />}
    >
      {draft && (
        <>
          <Card.Root>
            <Card.Body>
              <Grid templateColumns={{ base: '1fr', md: '1fr 1fr', xl: '2fr 1fr 1fr' }} gap="4">
                <Field.Root invalid={Boolean(supplierError)} required>
                  <Field.Label>Proveedor</Field.Label>
                  <Box w="full">
                    <SupplierPicker value={draft.supplier} disabled={readOnly} onChange={(supplier) => update({ supplier })} />
                  </Box>
                  {!supplierError && record?.identificacionProveedor ? (
                    <Text fontSize="xs" color="fg.muted">
                      {String(record.razonSocialProveedor)} · {String(record.identificacionProveedor)}
                      {record.direccionProveedor ? ` · ${String(record.direccionProveedor)}` : ''}
                    </Text>
                  ) : null}
                  <Field.ErrorText>{supplierError}</Field.ErrorText>
                </Field.Root>
                <EmissionPointFields establishmentId={draft.establishment} ptoEmi={draft.ptoEmi} fechaEmision={draft.fechaEmision} establishments={establishments} errors={errors} readOnly={readOnly} update={update} />
              </Grid>
            </Card.Body>
          </Card.Root>
          <LinesCard
            lines={draft.detalles}
            live={live}
            ivaOptions={iva.options}
            readOnly={readOnly}
            setLines={setLines}
            error={fieldError(errors, 'detalles')}
            hint={
              !readOnly && (
                <Text fontSize="sm" color="fg.muted">
                  Elija un producto o escriba un código y la descripción de lo comprado; el descuento es obligatorio (0 si no hay).
                </Text>
              )
            }
          />
          <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="4" alignItems="start">
            <Stack gap="4">
              <PaymentsCard entry={entry} pagos={draft.pagos} importeTotal={totals?.importeTotal} balanceOnlyWithPayments readOnly={readOnly} onChange={(pagos) => update({ pagos })} error={fieldError(errors, 'pagos')} hint={!readOnly && <Text fontSize="sm" color="fg.muted">Opcionales; si las indica deben sumar el total.</Text>} />
              <InfoAdicionalCard entry={entry} infoAdicional={draft.infoAdicional} readOnly={readOnly} update={update as (patch: Partial<InvoiceDraft>) => void} />
            </Stack>
            <TotalsPanel totals={totals} emptyText="Agregue líneas para ver los totales." />
          </Grid>
        </>
      )}
    </ComprobanteEditorFrame>
  );
}
