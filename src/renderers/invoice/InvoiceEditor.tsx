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
import useSWR from 'swr';
import { ApiError, errorMessage, request } from '../../engine/api-client.ts';
import { useCatalog } from '../../engine/catalogs.ts';
import { invalidate, type Row } from '../../engine/resources.ts';
import { notify } from '../../engine/notify.ts';
import { can, useSession } from '../../engine/session.ts';
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
  const { data: loaded, mutate } = useSWR(editing ? [API, 'one', id] : null, async () => (await request<Record<string, unknown>>({ path: `${API}/${id}` })).data, { revalidateOnFocus: false });
  const { data: establishments } = useSWR(['/api/establishment', 'all'], async () => (await request<Row[]>({ path: '/api/establishment', query: { per_page: 100 } })).data ?? [], { revalidateOnFocus: false });
  const iva = useCatalog('tarifa_iva');
  const rates = useMemo(() => Object.fromEntries(iva.entries.map((e) => [e.code, Number(e.data.tarifa ?? 0)])), [iva.entries]);

  const [draft, setDraft] = useState<InvoiceDraft | null>(editing ? null : { fechaEmision: today(), detalles: [newLine()], pagos: [], infoAdicional: [] });
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<'save' | 'issue' | null>(null);
  const [errors, setErrors] = useState<Array<{ path: string; message: string }>>([]);
  useUnsavedGuard(dirty && !busy);

  useEffect(() => {
    if (loaded && !draft) setDraft(fromInvoice(loaded));
  }, [loaded, draft]);
  useEffect(() => {
    if (draft && !draft.establishment && establishments?.length) {
      const first = establishments[0] as Establishment;
      setDraft((d) => (d ? { ...d, establishment: String(first._id), ptoEmi: first.puntosEmision[0]?.ptoEmi } : d));
    }
  }, [draft, establishments]);

  const update = useCallback((patch: Partial<InvoiceDraft>) => {
    setDraft((d) => (d ? { ...d, ...patch } : d));
    setDirty(true);
  }, []);
  const setLines = useCallback((fn: (lines: LineDraft[]) => LineDraft[]) => {
    setDraft((d) => (d ? { ...d, detalles: fn(d.detalles) } : d));
    setDirty(true);
  }, []);

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

  const save = async (): Promise<string | null> => {
    setErrors([]);
    if (lineErrors.size > 0) {
      const n = draft.detalles.findIndex((l) => lineErrors.has(l.key)) + 1;
      notify('danger', `Línea ${n}: ${lineErrors.values().next().value as string}`);
      return null;
    }
    try {
      const { data } = await request<Record<string, unknown>>({ method: editing ? 'PUT' : 'POST', path: editing ? `${API}/${id}` : API, body: toRequestBody(draft), kind: 'form' });
      await invalidate(API);
      setDirty(false);
      if (editing) await mutate(data, { revalidate: false });
      return String(data._id);
    } catch (err) {
      if (err instanceof ApiError && typeof err.body === 'object') setErrors(err.body.details ?? []);
      notify('danger', errorMessage(err, 'No se pudo guardar la factura'));
      return null;
    }
  };

  const onSave = async () => {
    setBusy('save');
    const savedId = await save();
    setBusy(null);
    if (savedId) {
      notify('success', 'Borrador guardado');
      if (!editing) setTimeout(() => navigate(`${basePath}/${savedId}`, { replace: true }), 0);
    }
  };

  const onIssue = async () => {
    setBusy('issue');
    const savedId = await save();
    if (!savedId) return setBusy(null);
    try {
      const { data } = await request<Record<string, unknown>>({ method: 'POST', path: `${API}/${savedId}/issue`, body: {}, kind: 'form' });
      await invalidate(API);
      const result = String(data.status);
      notify(result === 'AUTORIZADA' ? 'success' : result === 'DEVUELTA' || result === 'NO_AUTORIZADA' ? 'danger' : 'warning', result === 'AUTORIZADA' ? `Factura ${String(data.numero)} autorizada por el SRI` : `Factura ${String(data.numero)}: ${result}`);
      if (editing) await mutate(data, { revalidate: false });
      else setTimeout(() => navigate(`${basePath}/${savedId}`, { replace: true }), 0);
    } catch (err) {
      if (err instanceof ApiError && typeof err.body === 'object') setErrors(err.body.details ?? []);
      notify('danger', errorMessage(err, 'No se pudo emitir la factura'));
      if (!editing) setTimeout(() => navigate(`${basePath}/${savedId}`, { replace: true }), 0);
    } finally {
      setBusy(null);
    }
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

      {issued && loaded && <IssuedPanel invoice={loaded} onChanged={(inv) => void mutate(inv, { revalidate: false })} />}
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
