/**
 * The comprobante de retención editor on the comprobante
 * frame. Opened as `<basePath>/new?receivedDocument=<_id>` (a received factura, from Compras >
 * Recibidos) or `?purchaseSettlement=<_id>` (an own liquidación de compra), it starts from the
 * server's proposal: the sujeto retenido, the supporting document and a renta and an IVA
 * withholding from the supplier's default codes. The user picks the sustento tributario, confirms or
 * edits codes (pickers show the % in force on the date), bases and percentages, and sees each
 * valorRetenido and the total withheld live, with a warning when more than 5 days have passed since
 * the document (LRTI art. 50). Guardar borrador, Emitir (confirmed), then the shared issued panel.
 * Before the form is filled it says whether the company may withhold (core/withholding-issuer.ts,
 * from `GET /api/admin/company`): a company that is neither a designated agent nor a contribuyente
 * especial is told, up front, that it withholds only on its own liquidaciones de compra and where to
 * write its resolution number; Emitir then waits with that reason.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Card, Field, Grid, Heading, HStack, IconButton, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import type { CustomRendererProps } from '../../custom-renderers.ts';
import { ComprobanteEditorFrame } from '../../comprobante/ComprobanteEditorFrame.tsx';
import { asReason, firstBlocker } from '../../comprobante/issue-blocker.ts';
import { MoneyInput } from '../../widgets/MoneyInput.tsx';
import { STACK_ON_PHONE } from '../../stacked-table.ts';
import { EmissionPointFields, useDefaultEmissionPoint, useEstablishments, type EmissionPoint } from '../../comprobante/EmissionPointFields.tsx';
import { useComprobanteEditor } from '../../comprobante/useComprobanteEditor.ts';
import { InfoAdicionalCard } from '../../comprobante/InfoAdicionalCard.tsx';
import { fieldError, type InvoiceDraft } from '../../comprobante/sale-model.ts';
import { RefSelect } from '../../widgets/RefSelect.tsx';
import { date, money, moneyText } from '../../format.ts';
import { useApiData } from '../../../engine/useApiData.ts';
import { useCatalog, type CatalogEntry } from '../../../engine/catalogs.ts';
import { guayaquilDate } from '../../../../core/guayaquil-date.ts';
import { rateInForce } from '../../../../core/withholding-rates.ts';
import { isDesignatedWithholder, WITHHOLDER_REFUSAL, withholderBasis, type WithholderSettings } from '../../../../core/withholding-issuer.ts';
import {
  dashed,
  emptyWithholding,
  fromProposal,
  fromWithholding,
  liveRetenciones,
  newRetencion,
  toWithholdingBody,
  withholdingProblem,
  withholdingWarnings,
  type DocSustentoDraft,
  type RetencionDraft,
  type RetencionProposalView,
  type WithholdingCatalogs,
  type WithholdingDraft,
} from './withholding-model.ts';

const DOC_NAMES: Record<string, string> = { '01': 'Factura', '03': 'Liquidación de compra' };

/** "312 — Transferencia de bienes… (2 %)": a code with its percent in force on `fecha`. */
function optionLabel(e: CatalogEntry, fecha: string): string {
  let percent: string;
  try {
    const p = `${rateInForce({ code: e.code, data: e.data as never }, fecha)} %`;
    // IVA entries are named by their percent ("30 % (bienes)"): not said twice.
    percent = e.name.startsWith(p) ? '' : ` (${p})`;
  } catch {
    percent = ' (sin % vigente)';
  }
  return `${e.code} — ${e.name}${percent}`;
}

function RetencionesTable({ doc, catalogs, fecha, readOnly, errors, onChange }: { doc: DocSustentoDraft; catalogs: WithholdingCatalogs; fecha: string; readOnly: boolean; errors: Array<{ path: string; message: string }>; onChange: (retenciones: RetencionDraft[]) => void }) {
  const live = liveRetenciones(doc.retenciones, catalogs, fecha);
  const set = (i: number, patch: Partial<RetencionDraft>) => onChange(doc.retenciones.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const ivaTotal = doc.impuestos.filter((t) => t.codImpuestoDocSustento === '2').reduce((s, t) => s + t.valorImpuesto, 0);
  return (
    <Stack gap="3">
      <Table.Root size="sm" variant="outline" css={STACK_ON_PHONE}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="110px">Impuesto</Table.ColumnHeader>
            <Table.ColumnHeader>Código de retención</Table.ColumnHeader>
            <Table.ColumnHeader w="140px" textAlign="end">Base imponible</Table.ColumnHeader>
            <Table.ColumnHeader w="110px" textAlign="end">% retención</Table.ColumnHeader>
            <Table.ColumnHeader w="130px" textAlign="end">Valor retenido</Table.ColumnHeader>
            {!readOnly && <Table.ColumnHeader w="40px" />}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {doc.retenciones.map((r, i) => {
            const options = catalogs[r.codigo === '2' ? 'retencion_iva' : 'retencion_renta'];
            const row = live.rows[i];
            const error = fieldError(errors, `docsSustento.0.retenciones.${i}.codigoRetencion`) ?? fieldError(errors, `docsSustento.0.retenciones.${i}.baseImponible`);
            return (
              <Table.Row key={r.key} data-testid={`retencion-${i}`}>
                <Table.Cell data-label="Impuesto">
                  <NativeSelect.Root size="sm" disabled={readOnly}>
                    <NativeSelect.Field aria-label={`Impuesto de la retención ${i + 1}`} value={r.codigo} onChange={(e) => set(i, { codigo: e.target.value as '1' | '2', codigoRetencion: '', porcentajeRetener: '', baseImponible: moneyText(e.target.value === '2' ? String(ivaTotal) : String(doc.totalSinImpuestos)) })}>
                      <option value="1">Renta</option>
                      <option value="2">IVA</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Table.Cell>
                <Table.Cell data-label="Código de retención" data-wide>
                  <NativeSelect.Root size="sm" disabled={readOnly}>
                    <NativeSelect.Field aria-label={`Código de la retención ${i + 1}`} value={r.codigoRetencion} onChange={(e) => set(i, { codigoRetencion: e.target.value, porcentajeRetener: '' })}>
                      <option value="">Elija un código…</option>
                      {options.map((o) => (
                        <option key={o.code} value={o.code}>
                          {optionLabel(o as CatalogEntry, fecha)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  {(error || row?.problem) && (
                    <Text fontSize="xs" color={error ? 'red.600' : 'fg.muted'} mt="1" role={error ? 'alert' : undefined}>
                      {error ?? row?.problem}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell data-label="Base imponible">
                  <MoneyInput step="0.01" min="0" aria-label={`Base imponible de la retención ${i + 1}`} value={r.baseImponible} disabled={readOnly} onValueChange={(baseImponible) => set(i, { baseImponible })} />
                </Table.Cell>
                <Table.Cell data-label="% retención">
                  <Input size="sm" type="number" inputMode="decimal" step="0.01" min="0" max="100" textAlign="right" aria-label={`Porcentaje de la retención ${i + 1}`} placeholder={row?.percent !== undefined && r.porcentajeRetener === '' ? String(row.percent) : ''} value={r.porcentajeRetener} disabled={readOnly} onChange={(e) => set(i, { porcentajeRetener: e.target.value })} />
                </Table.Cell>
                <Table.Cell data-label="Valor retenido" textAlign="end" fontVariantNumeric="tabular-nums" data-testid={`valor-retenido-${i}`}>
                  {row?.valor ? money(row.valor) : '—'}
                </Table.Cell>
                {!readOnly && (
                  <Table.Cell>
                    {doc.retenciones.length > 1 && (
                      <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`Quitar la retención ${i + 1}`} onClick={() => onChange(doc.retenciones.filter((_, j) => j !== i))}>
                        <LuTrash2 />
                      </IconButton>
                    )}
                  </Table.Cell>
                )}
              </Table.Row>
            );
          })}
        </Table.Body>
        <Table.Footer>
          <Table.Row>
            <Table.Cell colSpan={4} textAlign="end" fontWeight="semibold">
              Total retenido
            </Table.Cell>
            <Table.Cell textAlign="end" fontWeight="bold" data-testid="total-retenido">
              {money(live.total)}
            </Table.Cell>
            {!readOnly && <Table.Cell />}
          </Table.Row>
        </Table.Footer>
      </Table.Root>
      {!readOnly && (
        <HStack gap="2" wrap="wrap">
          <Button size="xs" variant="outline" onClick={() => onChange([...doc.retenciones, newRetencion('1', '', String(doc.totalSinImpuestos))])}>
            <LuPlus /> Agregar retención de renta
          </Button>
          <Button size="xs" variant="outline" onClick={() => onChange([...doc.retenciones, newRetencion('2', '', String(ivaTotal))])}>
            <LuPlus /> Agregar retención de IVA
          </Button>
        </HStack>
      )}
      <Text fontSize="xs" color="fg.muted">
        Renta: la base es el subtotal sin IVA. IVA: la base es el IVA del comprobante. Deje el % vacío para usar el vigente a la fecha de emisión.
      </Text>
    </Stack>
  );
}

function SustentoSummary({ doc }: { doc: DocSustentoDraft }) {
  const iva = doc.impuestos.filter((t) => t.codImpuestoDocSustento === '2').reduce((s, t) => s + t.valorImpuesto, 0);
  const pair = (label: string, value: string) => (
    <Box>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="medium">{value}</Text>
    </Box>
  );
  return (
    <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(3, 1fr)', xl: 'repeat(6, 1fr)' }} gap="3" data-testid="doc-sustento">
      {pair('Comprobante', `${DOC_NAMES[doc.codDocSustento] ?? doc.codDocSustento} ${dashed(doc.numDocSustento)}`)}
      {pair('Fecha de emisión', date(doc.fechaEmisionDocSustento))}
      {pair('Subtotal sin impuestos', money(doc.totalSinImpuestos))}
      {pair('IVA', money(iva))}
      {pair('Importe total', money(doc.importeTotal))}
      <Box gridColumn={{ base: 'span 2', md: 'span 3', xl: 'span 6' }}>
        <Text fontSize="xs" color="fg.muted">
          Número de autorización
        </Text>
        <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
          {doc.numAutDocSustento ?? '—'}
        </Text>
      </Box>
    </Grid>
  );
}

export default function WithholdingEditor({ entry, id = 'new', basePath }: CustomRendererProps) {
  const [params] = useSearchParams();
  const receivedDocument = params.get('receivedDocument');
  const purchaseSettlement = params.get('purchaseSettlement');
  const initial = useMemo(() => emptyWithholding(guayaquilDate(new Date())), []);
  const editor = useComprobanteEditor<WithholdingDraft>({ entry, id, basePath, toForm: fromWithholding, initial, toBody: toWithholdingBody, check: withholdingProblem });
  const { draft, readOnly, errors, setDraft } = editor;
  const update = useCallback((patch: Partial<WithholdingDraft>) => setDraft((d) => ({ ...d, ...patch })), [setDraft]);
  const establishments = useEstablishments();
  useDefaultEmissionPoint(draft, establishments, setDraft);

  const source = id === 'new' ? (receivedDocument ? { receivedDocument } : purchaseSettlement ? { purchaseSettlement } : null) : null;
  const proposal = useApiData<RetencionProposalView>({ path: source ? '/api/withholding/proposal' : null, query: source ?? undefined });
  const proposed = proposal.data;
  const started = Boolean(draft?.docsSustento.length);
  useEffect(() => {
    if (proposed && draft && !started) setDraft((d) => ({ ...d, ...fromProposal(proposed) }), false);
  }, [proposed, draft, started, setDraft]);

  const renta = useCatalog('retencion_renta');
  const iva = useCatalog('retencion_iva');
  const sustento = useCatalog('cod_sustento');
  const catalogs: WithholdingCatalogs = useMemo(() => ({ retencion_renta: renta.active, retencion_iva: iva.active }), [renta.active, iva.active]);
  const fecha = draft?.fechaEmision ?? guayaquilDate(new Date());
  const doc = draft?.docsSustento[0];
  const live = doc ? liveRetenciones(doc.retenciones, catalogs, fecha) : undefined;
  const warnings = draft ? (editor.issued ? ((editor.record?.warnings as string[] | undefined) ?? []) : withholdingWarnings(draft)) : [];
  const setDoc = (patch: Partial<DocSustentoDraft>) => draft && update({ docsSustento: draft.docsSustento.map((d, i) => (i === 0 ? { ...d, ...patch } : d)) });
  const updateInfo = useCallback((patch: Partial<InvoiceDraft>) => patch.infoAdicional && update({ infoAdicional: patch.infoAdicional }), [update]);
  // Who may withhold (Reglamento LRTI art. 92), known before the form is filled.
  const company = useApiData<WithholderSettings>({ path: '/api/admin/company', dedupingInterval: 30_000 }).data;
  const designated = company ? isDesignatedWithholder(company) : true;
  const mayWithhold = !draft || !company || Boolean(withholderBasis(company, draft.docsSustento));
  const supplierError = fieldError(errors, 'supplier');
  const unpriced = live?.rows.findIndex((r) => !r.valor) ?? -1;
  const blocker = firstBlocker(
    !mayWithhold && 'escriba en Empresa la resolución de agente de retención o de contribuyente especial (vea el aviso)',
    !draft && 'espere a que cargue el comprobante',
    asReason(draft && withholdingProblem(draft)),
    unpriced >= 0 && `retención ${unpriced + 1}: ${asReason(live?.rows[unpriced].problem) ?? 'complete el código y la base imponible'}`,
  );
  const sustentoError = fieldError(errors, 'docsSustento.0.codSustento') ?? fieldError(errors, 'docsSustento.0.receivedDocument') ?? fieldError(errors, 'docsSustento.0.purchaseSettlement');

  return (
    <ComprobanteEditorFrame
      editor={editor}
      canIssue={!blocker}
      blocker={blocker}
      confirmIssue={{
        title: '¿Emitir el comprobante de retención?',
        body: `Se firmará y enviará al SRI una retención de ${money(live?.total)} a ${String(proposed?.supplierRazonSocial ?? editor.record?.razonSocialComprador ?? 'el proveedor')} sobre ${doc ? `${DOC_NAMES[doc.codDocSustento] ?? 'el comprobante'} ${dashed(doc.numDocSustento)}` : 'el comprobante'}. Autorizada, no se puede cambiar ni eliminar.`,
      }}
    >
      {draft && (
        <>
          {!readOnly && company && !designated && (
            <Alert.Root status={mayWithhold && doc ? 'info' : 'warning'} data-testid="withholder-notice">
              <Alert.Indicator />
              <Alert.Description>
                {mayWithhold && doc ? 'Su empresa no es agente de retención ni contribuyente especial: puede emitir esta retención porque es sobre su propia liquidación de compra (Reglamento LRTI art. 92, num. 2).' : WITHHOLDER_REFUSAL}
              </Alert.Description>
            </Alert.Root>
          )}
          <Card.Root>
            <Card.Body>
              <Grid templateColumns={{ base: '1fr', md: '1fr 1fr', xl: '2fr 1fr 1fr' }} gap="4">
                <Field.Root invalid={Boolean(supplierError)} required>
                  <Field.Label>Sujeto retenido (proveedor)</Field.Label>
                  <Box w="full">
                    <RefSelect resource="supplier" value={draft.supplier} onChange={(supplier) => update({ supplier })} inputId="withholding-supplier" label="Sujeto retenido" placeholder="Buscar proveedor por nombre o RUC…" disabled={readOnly} fullWidth />
                  </Box>
                  <Field.ErrorText>{supplierError}</Field.ErrorText>
                  {proposed && !proposed.supplier && !draft.supplier && (
                    <Field.HelperText color="orange.600">
                      {`${proposed.supplierRazonSocial} (${proposed.supplierIdentificacion}) no está entre sus proveedores: regístrelo en Compras > Proveedores.`}
                    </Field.HelperText>
                  )}
                </Field.Root>
                <EmissionPointFields establishmentId={draft.establishment} ptoEmi={draft.ptoEmi} fechaEmision={draft.fechaEmision} establishments={establishments} errors={errors} readOnly={readOnly} update={update as (patch: EmissionPoint) => void} />
              </Grid>
            </Card.Body>
          </Card.Root>

          {warnings.map((w) => (
            <Alert.Root key={w} status="warning" data-testid="withholding-warning">
              <Alert.Indicator />
              <Alert.Description>{w}</Alert.Description>
            </Alert.Root>
          ))}

          {!doc && (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Description>{proposal.isLoading ? 'Cargando el comprobante de sustento…' : 'Una retención se emite sobre un comprobante recibido: en Compras > Recibidos abra la factura y elija «Emitir retención» (o desde una liquidación de compra autorizada).'}</Alert.Description>
            </Alert.Root>
          )}

          {doc && (
            <Card.Root>
              <Card.Header>
                <Heading size="md">Comprobante de sustento</Heading>
              </Card.Header>
              <Card.Body>
                <Stack gap="4">
                  <SustentoSummary doc={doc} />
                  <Field.Root invalid={Boolean(sustentoError)} required maxW="xl">
                    <Field.Label>Sustento tributario</Field.Label>
                    <NativeSelect.Root size="sm" disabled={readOnly}>
                      <NativeSelect.Field aria-label="Sustento tributario" value={doc.codSustento} onChange={(e) => setDoc({ codSustento: e.target.value })}>
                        {(sustento.active.length ? sustento.active : sustento.entries).map((o) => (
                          <option key={o.code} value={o.code}>
                            {o.code} — {o.name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Field.ErrorText>{sustentoError}</Field.ErrorText>
                  </Field.Root>
                </Stack>
              </Card.Body>
            </Card.Root>
          )}

          {doc && (
            <Card.Root>
              <Card.Header>
                <Heading size="md">Retenciones</Heading>
              </Card.Header>
              <Card.Body>
                <RetencionesTable doc={doc} catalogs={catalogs} fecha={fecha} readOnly={readOnly} errors={errors} onChange={(retenciones) => setDoc({ retenciones })} />
              </Card.Body>
            </Card.Root>
          )}

          <InfoAdicionalCard entry={entry} infoAdicional={draft.infoAdicional} readOnly={readOnly} update={updateInfo} />
        </>
      )}
    </ComprobanteEditorFrame>
  );
}
