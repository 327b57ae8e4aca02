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
import { useCallback, useState, type ReactNode } from 'react';
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

export function ComprobanteEditorFrame<D>({ editor, canIssue, blocker, confirmIssue, issuedActions, issuedExtras, children }: FrameProps<D>) {
  const [confirming, setConfirming] = useState<'issue' | 'delete' | null>(null);
  const { meta, record, status, issued, readOnly, busy, access, editing, setDraft } = editor;
  const setCustom = useCallback((values: Record<string, unknown>) => setDraft((d) => (d ? withCustomValues(d, values) : d)), [setDraft]);
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
  const issue = () => (confirmIssue ? setConfirming('issue') : void editor.onIssue());
  return (
    <Stack gap="4" maxW="7xl">
      <Flex justify="space-between" align="center" wrap="wrap" gap="2">
        <HStack gap="3">
          <Heading size="lg">{heading}</Heading>
          <StatusBadge status={status} />
        </HStack>
        {!readOnly && (
          <HStack gap="2">
            {editing && access.remove && (
              <Button variant="ghost" colorPalette="red" onClick={() => setConfirming('delete')} disabled={Boolean(busy)}>
                <LuTrash2 /> Eliminar borrador
              </Button>
            )}
            <Button variant="outline" onClick={() => void editor.onSave()} loading={busy === 'save'} disabled={Boolean(busy)}>
              <LuSave /> Guardar borrador
            </Button>
            {access.issue && (
              <Button colorPalette="green" onClick={issue} loading={busy === 'issue'} loadingText="Emitiendo…" disabled={Boolean(busy) || !canIssue}>
                <LuSend /> Emitir
              </Button>
            )}
          </HStack>
        )}
      </Flex>
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

      <DialogFrame
        open={confirming === 'issue'}
        title={confirmIssue?.title ?? ''}
        role="alertdialog"
        action={{
          label: 'Emitir',
          colorPalette: 'green',
          onClick: () => {
            setConfirming(null);
            void editor.onIssue();
          },
        }}
        onClose={() => setConfirming(null)}
      >
        {confirmIssue?.body}
      </DialogFrame>
      <ConfirmDialog
        open={confirming === 'delete'}
        title={`¿Eliminar este borrador de ${words.noun}?`}
        body="Esta acción no se puede deshacer."
        busy={busy === 'delete'}
        onConfirm={async () => {
          await editor.onDelete();
          setConfirming(null);
        }}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
