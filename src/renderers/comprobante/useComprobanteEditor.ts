/**
 * The state of one comprobante editor, whatever its type (factura, nota de crédito, nota de
 * débito): the draft loaded by id or started from `initial`, save draft, Emitir (save then
 * `POST <api>/{_id}/issue`, with the SRI's answer as a notification), delete while a draft, the
 * busy flags, the server's field errors, and whether the user may still change it (a BORRADOR and
 * the role's permission). The type brings its draft model (`toForm`, `toBody`, `check`); the frame
 * (`ComprobanteEditorFrame`) and the type's sections draw it.
 * @example
 * const editor = useComprobanteEditor({ entry, id, basePath, toForm: fromInvoice, initial, toBody: toRequestBody, check: (d) => firstLineError(d.detalles) });
 * <ComprobanteEditorFrame editor={editor} canIssue={...}>…sections…</ComprobanteEditorFrame>
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../engine/notify.ts';
import { accessTo, type Access } from '../../engine/access.ts';
import { apiPathOf, permissionOf, type SchemaEntry } from '../../engine/schema-registry.ts';
import { can, useSession } from '../../engine/session.ts';
import { useEditController, type EditController } from '../../engine/useEditController.ts';
import { useMutation } from '../../engine/useMutation.ts';
import { useUnsavedGuard } from '../useUnsavedGuard.ts';
import { COMPROBANTE_TYPE_META, type ComprobanteTypeMeta } from '../../../core/comprobante-types.ts';
import { phrasing } from '../../../core/comprobante-phrasing.ts';
import { customValuesOf, draftCustomValues, withCustomValues } from '../../engine/custom-fields.ts';

export type ComprobanteRecord = Record<string, unknown>;

/** No field errors: one array for every render, so the memoised sections that take `errors` skip a redraw. */
const NO_ERRORS: Array<{ path: string; message: string }> = [];

export interface ComprobanteEditorParams<D> {
  entry: SchemaEntry;
  /** 'new' or the comprobante's `_id`. */
  id: string;
  /** The type's list (a delete goes back there; a saved new draft opens at `<basePath>/<_id>`). */
  basePath: string;
  /** API view -> the editor's draft. */
  toForm: (record: ComprobanteRecord) => D;
  /** The draft of a new comprobante. */
  initial: D;
  /** The editor's draft -> the body of POST/PUT. */
  toBody: (draft: D) => unknown;
  /** Why the draft cannot be sent as it is (Spanish, notified instead of saving), if anything. */
  check?: (draft: D) => string | undefined;
}

export interface ComprobanteEditor<D> {
  entry: SchemaEntry;
  meta: Pick<ComprobanteTypeMeta, 'label' | 'fileStem' | 'gender'>;
  apiPath: string;
  /** The type's list route (its documents open at `<basePath>/<_id>`). */
  basePath: string;
  edit: EditController<D, ComprobanteRecord>;
  draft: D | null;
  setDraft: EditController<D, ComprobanteRecord>['setData'];
  /** The loaded (or last saved / issued) comprobante; undefined while new. */
  record: ComprobanteRecord | undefined;
  editing: boolean;
  /** True while an edited comprobante loads. */
  loading: boolean;
  status: string;
  issued: boolean;
  /** Not a draft any more, or the role may not change it. */
  readOnly: boolean;
  access: Access & { issue: boolean };
  /** What is running: Emitir, Guardar borrador, Eliminar, or nothing. */
  busy: 'issue' | 'save' | 'delete' | null;
  /** The server's field errors of the last save or issue. */
  errors: Array<{ path: string; message: string }>;
  onSave: () => Promise<void>;
  onIssue: () => Promise<void>;
  onDelete: () => Promise<void>;
}

/** The type's metadata (label, file names) from its schema's resource; a schema without one is labelled by its title. */
export function metaOfEntry(entry: SchemaEntry): Pick<ComprobanteTypeMeta, 'label' | 'fileStem' | 'gender'> {
  const resource = entry.schema['x-resource'] ?? entry.name;
  return Object.values(COMPROBANTE_TYPE_META).find((m) => m.resource === resource) ?? { label: entry.schema.title ?? entry.name, fileStem: entry.name, gender: 'f' };
}

export function useComprobanteEditor<D>(p: ComprobanteEditorParams<D>): ComprobanteEditor<D> {
  const navigate = useNavigate();
  const user = useSession();
  const meta = metaOfEntry(p.entry);
  const apiPath = apiPathOf(p.entry);
  const words = phrasing(meta);
  const editing = p.id !== 'new';
  // The company's own fields (Configuración > Pantallas) ride beside the type's draft, for every type.
  const { toForm, toBody, initial, entry } = p;
  const custom = useMemo(
    () => ({
      toForm: (record: ComprobanteRecord) => withCustomValues(toForm(record), customValuesOf(entry, record)),
      toBody: (draft: D) => ({ ...(toBody(draft) as object), ...draftCustomValues(draft) }),
      initial: withCustomValues(initial, {}),
    }),
    [toForm, toBody, initial, entry],
  );
  const edit = useEditController<D, ComprobanteRecord>({ resource: p.entry.name, id: p.id, toForm: custom.toForm, initial: custom.initial, toBody: custom.toBody, errorMessage: `No se pudo guardar ${words.the} ${words.noun}` });
  const { record, setRecord } = edit;
  const openSaved = useCallback((savedId: string) => setTimeout(() => navigate(`${p.basePath}/${savedId}`, { replace: true }), 0), [navigate, p.basePath]);
  const issue = useMutation({
    request: (savedId: string) => ({ method: 'POST', path: `${apiPath}/${encodeURIComponent(savedId)}/issue`, body: {} }),
    invalidates: [apiPath],
    errorMessage: `No se pudo emitir ${words.the} ${words.noun}`,
    onSuccess: (data: ComprobanteRecord, savedId) => {
      const result = String(data.status);
      const tone = result === 'AUTORIZADA' ? 'success' : result === 'DEVUELTA' || result === 'NO_AUTORIZADA' ? 'danger' : 'warning';
      notify(tone, result === 'AUTORIZADA' ? `${meta.label} ${String(data.numero)} autorizad${words.ending} por el SRI` : `${meta.label} ${String(data.numero)}: ${result}`);
      if (editing) setRecord(data);
      else openSaved(savedId);
    },
    onError: (_err, savedId) => {
      if (!editing) openSaved(savedId);
    },
  });
  // Not edit.remove(): its invalidation re-keys the editor's record, which refetches the deleted
  // draft (a "no existe" notice) before the editor leaves. The list it goes back to refetches on
  // mount anyway (swr revalidates a stale key), so nothing is invalidated here.
  const removal = useMutation({
    request: () => ({ method: 'DELETE', path: `${apiPath}/${encodeURIComponent(p.id)}` }),
    success: 'Borrador eliminado',
    errorMessage: `No se pudo eliminar el borrador de ${words.noun}`,
    onSuccess: () => navigate(p.basePath),
  });
  const [issuing, setIssuing] = useState(false);
  // A new draft, once saved, opens at its own address (a new editor): until then the buttons wait,
  // so an Emitir clicked in between does not open a confirmation that the new editor then drops.
  const [opening, setOpening] = useState(false);
  useEffect(() => setOpening(false), [p.id]);
  const busy = issuing || issue.isPending ? 'issue' : edit.saving || opening ? 'save' : removal.isPending ? 'delete' : null;
  useUnsavedGuard(edit.dirty && !busy);

  const status = String(record?.status ?? 'BORRADOR');
  const issued = status !== 'BORRADOR';
  const permission = permissionOf(p.entry);
  const access = { ...accessTo(user, p.entry), issue: can(user, permission, 'issue') };
  const readOnly = issued || !(editing ? access.update : access.create);

  /** Save the draft after the type's checks; the saved id, or null when it was not saved (already said why). */
  const save = async (): Promise<string | null> => {
    issue.reset();
    const problem = edit.data ? p.check?.(edit.data) : undefined;
    if (problem) {
      notify('danger', problem);
      return null;
    }
    const saved = await edit.save();
    return saved ? String(saved._id) : null;
  };

  return {
    entry: p.entry,
    meta,
    apiPath,
    basePath: p.basePath,
    edit,
    draft: edit.data,
    setDraft: edit.setData,
    record,
    editing,
    loading: editing && (!record || !edit.data),
    status,
    issued,
    readOnly,
    access,
    busy,
    errors: issue.details ?? edit.errors ?? NO_ERRORS,
    onSave: async () => {
      const savedId = await save();
      if (savedId) {
        notify('success', 'Borrador guardado');
        if (!editing) {
          setOpening(true);
          openSaved(savedId);
        }
      }
    },
    onIssue: async () => {
      setIssuing(true);
      const savedId = await save();
      if (savedId) await issue.mutate(savedId);
      setIssuing(false);
    },
    onDelete: async () => {
      await removal.mutate(undefined);
    },
  };
}
