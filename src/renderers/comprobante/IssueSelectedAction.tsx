/**
 * "Emitir seleccionados" on every comprobante list (list.json `bulkActions: [{name: 'issue-batch'}]`,
 * DESIGN.md §14): sends the selected drafts to `POST /api/{resource}/issue-batch`, then follows
 * `GET /api/batch/{_id}` in a dialog: a progress bar (answered of total) and each document's
 * número, status and the SRI's (or the signer's) message, until the batch is TERMINADO. Shown to
 * users who may issue this type; closing the dialog clears the selection and reloads the list.
 * @example <IssueSelectedAction entry={invoiceEntry} rows={selectedDrafts} onDone={clearSelection} />
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '@chakra-ui/react';
import { LuSend } from 'react-icons/lu';
import { api, ApiError } from '../../engine/api-client.ts';
import { apiPathOf, permissionOf } from '../../engine/schema-registry.ts';
import { can, useSession } from '../../engine/session.ts';
import { invalidate } from '../../engine/resources.ts';
import { deferred } from '../../shell/deferred.tsx';
import { lazyDialog } from '../LazyDialog.tsx';
import type { BulkActionProps } from '../list/list-actions.ts';
import { money } from '../format.ts';

// The progress dialog (zag dialog and progress, the items table) loads when the user first issues
// (fetched when idle before that): the button is on every comprobante list's first screen (issue 30).
const IssueBatchDialog = lazyDialog(deferred(() => import('./IssueBatchDialog.tsx').then((m) => m.IssueBatchDialog)));

export interface BatchItem {
  _id: string;
  numero: string | null;
  status: string;
  mensajes: Array<{ identificador?: string; mensaje?: string; informacionAdicional?: string }>;
}
export interface BatchState {
  status: 'EN_PROCESO' | 'TERMINADO';
  total: number;
  authorised: number;
  rejected: number;
  pending: number;
  items: BatchItem[];
}

/** How often the dialog asks for the batch's progress, ms. */
const POLL_MS = 700;

export default function IssueSelectedAction({ entry, rows, onDone }: BulkActionProps) {
  const user = useSession();
  const apiPath = apiPathOf(entry);
  const [open, setOpen] = useState(false);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [batch, setBatch] = useState<BatchState | undefined>();
  const [batchId, setBatchId] = useState<string | undefined>();
  // The draft's label (its row in the list) while it has no número yet.
  const labels = useRef(new Map<string, string>());

  useEffect(() => {
    if (!batchId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const { data } = await api.get<BatchState>(`/api/batch/${batchId}`);
        if (stopped) return;
        setBatch(data);
        if (data.status === 'TERMINADO') {
          void invalidate(apiPath);
          return;
        }
      } catch (err) {
        if (stopped) return;
        setError(err instanceof ApiError ? err.message : 'No se pudo consultar el avance de la emisión');
      }
      timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [batchId, apiPath]);

  if (!can(user, permissionOf(entry), 'issue')) return null;

  const start = async () => {
    labels.current = new Map(rows.map((r) => [r._id, `${String(r.razonSocialComprador ?? '')} ${r.importeTotal !== undefined ? money(r.importeTotal) : ''}`.trim()]));
    setOpen(true);
    setStarting(true);
    setError(undefined);
    setBatch(undefined);
    try {
      const { data } = await api.send<{ batch: string }>('POST', `${apiPath}/issue-batch`, { ids: rows.map((r) => r._id) });
      setBatchId(data.batch);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'No se pudo iniciar la emisión');
    } finally {
      setStarting(false);
    }
  };
  const close = () => {
    setOpen(false);
    setBatchId(undefined);
    setBatch(undefined);
    void invalidate(apiPath);
    onDone();
  };
  const running = starting || (batchId !== undefined && batch?.status !== 'TERMINADO' && !error);
  const answered = batch ? batch.authorised + batch.rejected : 0;
  const total = batch?.total ?? rows.length;

  return (
    <>
      <Button size="sm" colorPalette="blue" variant="outline" disabled={rows.length === 0} onClick={start}>
        <LuSend /> Emitir seleccionados{rows.length ? ` (${rows.length})` : ''}
      </Button>
      <IssueBatchDialog open={open} running={running} error={error} batch={batch} answered={answered} total={total} labels={labels.current} onClose={close} />
    </>
  );
}
