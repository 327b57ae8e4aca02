/**
 * The invoice editor (`x-renderer: "invoice-editor"`): establishment and emission point, customer
 * lookup with quick-create, a fast line table with product lookup, payments, additional info, live
 * totals (core/totals, the same code the server runs), save draft and Emitir with the SRI's answer.
 * An issued invoice is shown read-only with its downloads and actions.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Flex, Grid, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { LuSave, LuSend } from 'react-icons/lu';
import { useCatalog } from '../../engine/catalogs.ts';
import type { Row } from '../../engine/resources.ts';
import { notify } from '../../engine/notify.ts';
import { can, useSession } from '../../engine/session.ts';
import { useApiData } from '../../engine/useApiData.ts';
import { useEditController } from '../../engine/useEditController.ts';
import { useMutation } from '../../engine/useMutation.ts';
import { useUnsavedGuard } from '../useUnsavedGuard.ts';
import type { CustomRendererProps } from '../custom-renderers.ts';
import { StatusBadge } from '../StatusBadge.tsx';
import { LinesTable } from './LinesTable.tsx';
import { PaymentsEditor } from './PaymentsEditor.tsx';
import { TotalsPanel } from './TotalsPanel.tsx';
import { IssuedPanel } from './IssuedPanel.tsx';
import { InvoiceHeaderFields } from './InvoiceHeaderFields.tsx';
import { InfoAdicionalEditor } from './InfoAdicionalEditor.tsx';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { fieldError, fromInvoice, type Establishment, liveTotals, maxInfoAdicional, newLine, paymentGap, toRequestBody, type InvoiceDraft, type LineDraft } from './invoice-model.ts';

const API = '/api/invoice';
const today = () => guayaquilDate(new Date());

export default function InvoiceEditor({ entry, id = 'new', basePath }: CustomRendererProps) {
  const navigate = useNavigate();
  const user = useSession();
  const editing = id !== 'new';
  const edit = useEditController<InvoiceDraft, Record<string, unknown>>({
    resource: entry.name,
    id,
    toForm: fromInvoice,
    initial: { fechaEmision: today(), detalles: [newLine()], pagos: [], infoAdicional: [] },
    toBody: toRequestBody,
    errorMessage: 'No se pudo guardar la factura',
  });
  const { data: draft, record: loaded, setData: setDraft, setRecord } = edit;
  const { data: establishments } = useApiData<Row[]>({ path: '/api/establishment', query: { per_page: 100 } });
  const iva = useCatalog('tarifa_iva');
  const rates = useMemo(() => Object.fromEntries(iva.entries.map((e) => [e.code, Number(e.data.tarifa ?? 0)])), [iva.entries]);
  const openSaved = (savedId: string) => setTimeout(() => navigate(`${basePath}/${savedId}`, { replace: true }), 0);
  const issue = useMutation({
    request: (savedId: string) => ({ method: 'POST', path: `${API}/${savedId}/issue`, body: {} }),
    invalidates: [API],
    errorMessage: 'No se pudo emitir la factura',
    onSuccess: (data: Record<string, unknown>, savedId) => {
      const result = String(data.status);
      notify(result === 'AUTORIZADA' ? 'success' : result === 'DEVUELTA' || result === 'NO_AUTORIZADA' ? 'danger' : 'warning', result === 'AUTORIZADA' ? `Factura ${String(data.numero)} autorizada por el SRI` : `Factura ${String(data.numero)}: ${result}`);
      if (editing) setRecord(data);
      else openSaved(savedId);
    },
    onError: (_err, savedId) => {
      if (!editing) openSaved(savedId);
    },
  });
  const [issuing, setIssuing] = useState(false);
  const busy = issuing || issue.isPending ? 'issue' : edit.saving ? 'save' : null;
  const errors = issue.details ?? edit.errors ?? [];
  useUnsavedGuard(edit.dirty && !busy);

  useEffect(() => {
    if (draft && !draft.establishment && establishments?.length) {
      const first = establishments[0] as Establishment;
      setDraft((d) => ({ ...d, establishment: String(first._id), ptoEmi: first.puntosEmision[0]?.ptoEmi }), false);
    }
  }, [draft, establishments, setDraft]);

  const update = useCallback((patch: Partial<InvoiceDraft>) => setDraft((d) => ({ ...d, ...patch })), [setDraft]);
  const setLines = useCallback((fn: (lines: LineDraft[]) => LineDraft[]) => setDraft((d) => ({ ...d, detalles: fn(d.detalles) })), [setDraft]);

  // One rule for what counts, shared by the live totals and the saved body (invoice-model.ts).
  const { totals, lineTotals, lineErrors, error: totalsError } = useMemo(() => liveTotals(draft?.detalles ?? [], rates), [draft?.detalles, rates]);

  if (editing && (!loaded || !draft)) {
    return (
      <Flex justify="center" py="10">
        <Spinner aria-label="Cargando" />
      </Flex>
    );
  }
  if (!draft) return null;

  const status = String(loaded?.status ?? 'BORRADOR');
  const issued = status !== 'BORRADOR';
  const readOnly = issued || !can(user, 'invoice', editing ? 'update' : 'create');
  const gap = paymentGap(draft.pagos, totals?.importeTotal);
  const errorAt = (path: string) => fieldError(errors, path);

  /** Save the draft (after the line checks); the saved id, or null when it was not saved (already said why). */
  const save = async (): Promise<string | null> => {
    issue.reset();
    if (lineErrors.size > 0) {
      const n = draft.detalles.findIndex((l) => lineErrors.has(l.key)) + 1;
      notify('danger', `Línea ${n}: ${lineErrors.values().next().value as string}`);
      return null;
    }
    const saved = await edit.save();
    return saved ? String(saved._id) : null;
  };

  const onSave = async () => {
    const savedId = await save();
    if (savedId) {
      notify('success', 'Borrador guardado');
      if (!editing) openSaved(savedId);
    }
  };

  const onIssue = async () => {
    setIssuing(true);
    const savedId = await save();
    if (savedId) await issue.mutate(savedId);
    setIssuing(false);
  };

  return (
    <Stack gap="4" maxW="7xl">
      <Flex justify="space-between" align="center" wrap="wrap" gap="2">
        <HStack gap="3">
          <Heading size="lg">{editing ? (issued ? `Factura ${String(loaded?.numero ?? '')}` : 'Borrador de factura') : 'Nueva factura'}</Heading>
          <StatusBadge status={status} />
        </HStack>
        {!readOnly && (
          <HStack gap="2">
            <Button variant="outline" onClick={onSave} loading={busy === 'save'} disabled={Boolean(busy)}>
              <LuSave /> Guardar borrador
            </Button>
            {can(user, 'invoice', 'issue') && (
              <Button colorPalette="green" onClick={onIssue} loading={busy === 'issue'} loadingText="Emitiendo…" disabled={Boolean(busy) || !totals || gap !== 0 || lineErrors.size > 0}>
                <LuSend /> Emitir
              </Button>
            )}
          </HStack>
        )}
      </Flex>

      {issued && loaded && <IssuedPanel invoice={loaded} onChanged={setRecord} />}
      {busy === 'issue' && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>Firmando y enviando al SRI…</Alert.Description>
        </Alert.Root>
      )}

      <InvoiceHeaderFields customer={draft.customer} establishmentId={draft.establishment} ptoEmi={draft.ptoEmi} fechaEmision={draft.fechaEmision} establishments={establishments} errors={errors} readOnly={readOnly} update={update} />

      <Card.Root>
        <Card.Header>
          <Heading size="md">Detalle</Heading>
        </Card.Header>
        <Card.Body>
          <LinesTable lines={draft.detalles} lineTotals={lineTotals} lineErrors={lineErrors} ivaOptions={iva.active.length ? iva.active : iva.entries} readOnly={readOnly} setLines={setLines} />
          {(errorAt('detalles') || totalsError) && (
            <Text color="red.600" fontSize="sm" mt="2" role="alert">
              {errorAt('detalles') ?? totalsError}
            </Text>
          )}
        </Card.Body>
      </Card.Root>

      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="4" alignItems="start">
        <Stack gap="4">
          <Card.Root>
            <Card.Header>
              <Heading size="md">Formas de pago</Heading>
            </Card.Header>
            <Card.Body>
              <PaymentsEditor pagos={draft.pagos} gapCents={totals ? gap : 0} importeTotal={totals?.importeTotal} readOnly={readOnly} onChange={(pagos) => update({ pagos })} />
              {errorAt('pagos') && (
                <Text color="red.600" fontSize="sm" mt="2" role="alert">
                  {errorAt('pagos')}
                </Text>
              )}
            </Card.Body>
          </Card.Root>
          <InfoAdicionalEditor infoAdicional={draft.infoAdicional} max={maxInfoAdicional(entry.schema)} readOnly={readOnly} update={update} />
        </Stack>
        <TotalsPanel totals={totals} />
      </Grid>
    </Stack>
  );
}
