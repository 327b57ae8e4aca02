/**
 * The frame every comprobante editor shares (factura, nota de crédito, nota de débito): heading
 * with the status, Guardar borrador / Emitir / Eliminar borrador (with a confirmation), the issued
 * panel once issued, the "sending to the SRI" notice, then the type's own sections as children
 * while a draft, and the read-only document view (issued/IssuedDocumentView) once issued.
 * @example
 * <ComprobanteEditorFrame editor={editor} canIssue={Boolean(totals)}>
 *   <InvoiceHeaderFields … /> <LinesCard … />
 * </ComprobanteEditorFrame>
 */
import { memo, useCallback, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { LuSave, LuSend, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog, DialogFrame } from '../ConfirmDialog.tsx';
import { StatusBadge } from '../StatusBadge.tsx';
import { IssuedPanel } from './IssuedPanel.tsx';
import { DocumentPaymentsCard } from './DocumentPaymentsCard.tsx';
import type { ComprobanteEditor } from './useComprobanteEditor.ts';
import { CustomFieldsCard } from './CustomFieldsCard.tsx';
import { IssuedDocumentView } from './issued/IssuedDocumentView.tsx';
import { draftCustomValues, withCustomValues } from '../../engine/custom-fields.ts';
import { phrasing } from '../../../core/comprobante-phrasing.ts';

interface FrameProps<D> {
  editor: ComprobanteEditor<D>;
  /** Whether the draft as shown may be issued (totals computed, payments balanced…). */
  canIssue: boolean;
  /** Why Emitir waits, said beside it while `canIssue` is false ("Elija la factura que se modifica"). */
  blocker?: string;
  /** Ask before issuing (what will be issued, that it cannot be undone); unset issues at once. */
  confirmIssue?: { title: string; body: string };
  /** The type's own buttons on the issued panel. */
  issuedActions?: ReactNode;
  /** Shown under the issued panel once issued (the factura's notas). */
  issuedExtras?: ReactNode;
  children: ReactNode;
}

type Busy = ComprobanteEditor<unknown>['busy'];

/**
 * The heading, the status and the buttons. Memoised on what they show: the editor redraws on every
 * keystroke (a new draft), these only when the status, the access or `busy` change.
 */
const FrameHeader = memo(function FrameHeader(p: { heading: string; status: string; readOnly: boolean; canRemove: boolean; canIssueAtAll: boolean; canIssue: boolean; busy: Busy; onDelete: () => void; onSave: () => void; onIssue: () => void }) {
  return (
    <Flex justify="space-between" align="center" wrap="wrap" gap="2">
      <HStack gap="3">
        <Heading size="lg">{p.heading}</Heading>
        <StatusBadge status={p.status} />
      </HStack>
      {!p.readOnly && (
        <HStack gap="2">
          {p.canRemove && (
            <Button variant="ghost" colorPalette="red" onClick={p.onDelete} disabled={Boolean(p.busy)}>
              <LuTrash2 /> Eliminar borrador
            </Button>
          )}
          <Button variant="outline" onClick={p.onSave} loading={p.busy === 'save'} disabled={Boolean(p.busy)}>
            <LuSave /> Guardar borrador
          </Button>
          {p.canIssueAtAll && (
            <Button colorPalette="green" onClick={p.onIssue} loading={p.busy === 'issue'} loadingText="Emitiendo…" disabled={Boolean(p.busy) || !p.canIssue}>
              <LuSend /> Emitir
            </Button>
          )}
        </HStack>
      )}
    </Flex>
  );
});

/** The question before issuing; memoised, so the closed dialog is not redrawn on every keystroke. */
const IssueDialog = memo(function IssueDialog(p: { open: boolean; title: string; body?: string; onIssue: () => void; onClose: () => void }) {
  return (
    <DialogFrame open={p.open} title={p.title} role="alertdialog" action={{ label: 'Emitir', colorPalette: 'green', onClick: p.onIssue }} onClose={p.onClose}>
      {p.body}
    </DialogFrame>
  );
});

const MemoConfirmDialog = memo(ConfirmDialog);

export function ComprobanteEditorFrame<D>({ editor, canIssue, blocker, confirmIssue, issuedActions, issuedExtras, children }: FrameProps<D>) {
  const [confirming, setConfirming] = useState<'issue' | 'delete' | null>(null);
  const { meta, record, status, issued, readOnly, busy, access, editing, setDraft } = editor;
  const setCustom = useCallback((values: Record<string, unknown>) => setDraft((d) => (d ? withCustomValues(d, values) : d)), [setDraft]);
  // The editor is a new object on every render; the memoised parts get handlers that read the
  // latest one when clicked.
  const latest = useRef(editor);
  latest.current = editor;
  const asksFirst = Boolean(confirmIssue);
  const onSave = useCallback(() => void latest.current.onSave(), []);
  const onIssue = useCallback(() => (asksFirst ? setConfirming('issue') : void latest.current.onIssue()), [asksFirst]);
  const onDelete = useCallback(() => setConfirming('delete'), []);
  const close = useCallback(() => setConfirming(null), []);
  const issueConfirmed = useCallback(() => {
    setConfirming(null);
    void latest.current.onIssue();
  }, []);
  const deleteConfirmed = useCallback(async () => {
    await latest.current.onDelete();
    setConfirming(null);
  }, []);
  // The question's body names the live total; it is read only while the question is open, so the
  // closed dialog keeps the last one and is not redrawn as the total changes.
  const issueBody = useRef(confirmIssue?.body);
  if (confirming === 'issue' || issueBody.current === undefined) issueBody.current = confirmIssue?.body;
  if (editor.loading) {
    return (
      <Flex justify="center" py="10">
        <Spinner aria-label="Cargando" />
      </Flex>
    );
  }
  if (!editor.draft) return null;
  const words = phrasing(meta);
  const heading = editing ? (issued ? `${meta.label} ${String(record?.numero ?? '')}` : `Borrador de ${words.noun}`) : `${words.New} ${words.noun}`;
  return (
    <Stack gap="4" maxW="7xl">
      <FrameHeader heading={heading} status={status} readOnly={readOnly} canRemove={editing && access.remove} canIssueAtAll={access.issue} canIssue={canIssue} busy={busy} onDelete={onDelete} onSave={onSave} onIssue={onIssue} />
      {!readOnly && access.issue && !canIssue && !busy && (
        <Text fontSize="sm" color="fg.warning" textAlign={{ base: 'left', md: 'right' }} data-testid="issue-blocker" role="status">
          Para emitir: {blocker ?? 'complete los datos marcados'}
        </Text>
      )}

      {issued && record && <IssuedPanel record={record} apiPath={editor.apiPath} meta={meta} onChanged={editor.edit.setRecord} actions={issuedActions} />}
      {issued && record && 'saldo' in record && <DocumentPaymentsCard record={record} apiPath={editor.apiPath} onChanged={editor.edit.setRecord} />}
      {issued && issuedExtras}
      {busy === 'issue' && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>Firmando y enviando al SRI…</Alert.Description>
        </Alert.Root>
      )}

      {/* Issued, the document is read as a document (its facts, lines and totals as text); the
          editor's sections are for a draft. */}
      {issued && record ? <IssuedDocumentView record={record} basePath={editor.basePath} /> : children}
      <CustomFieldsCard entry={editor.entry} values={draftCustomValues(editor.draft)} readOnly={readOnly} onChange={setCustom} errors={editor.errors} />

      <IssueDialog open={confirming === 'issue'} title={confirmIssue?.title ?? ''} body={issueBody.current} onIssue={issueConfirmed} onClose={close} />
      <MemoConfirmDialog open={confirming === 'delete'} title={`¿Eliminar este borrador de ${words.noun}?`} body="Esta acción no se puede deshacer." busy={busy === 'delete'} onConfirm={deleteConfirmed} onClose={close} />
    </Stack>
  );
}
