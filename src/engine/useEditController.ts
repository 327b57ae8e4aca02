/**
 * The state of one create/edit screen (ra-core's `useEditController`): the record loaded by id (or
 * the singleton at the schema's API path), the form's values and whether the user changed them,
 * save (POST for a new record; PUT or the schema's `x-update-method` otherwise) with the server's
 * field `details`, delete, and the busy flags of both.
 */
import { useCallback, useEffect, useState } from 'react';
import useSWR from 'swr';
import { request } from './api-client.ts';
import { writableData } from './form-schema.ts';
import { deleteRecord, recordKey, recordPath, saveRecord, type ResourceParams, type Row } from './resources.ts';
import { resolveApiPath, schemaNamed, useSchemas } from './schema-registry.ts';
import { useMutation, type FieldDetail } from './useMutation.ts';

export interface EditControllerParams<TForm, TRecord> extends ResourceParams {
  /** The record's id; 'new' or undefined creates one (unless `singleton`). */
  id?: string;
  /** One record at the schema's API path (the company): loaded with GET and saved with PUT there. */
  singleton?: boolean;
  /** The form's values from a loaded or saved record (`(r) => r` when the form edits the record as it is). */
  toForm: (record: TRecord) => TForm;
  /** The form's values of a new record. Default `{}`. */
  initial?: TForm;
  /** The body sent on save. Default: the schema's writable fields (`writableData`). */
  toBody?: (form: TForm) => unknown;
  /** Notified after a save; a function gets the saved record and whether it was created. */
  success?: string | ((saved: TRecord, created: boolean) => string | undefined);
  /** The error notification when the server says nothing. Default 'No se pudo guardar'. */
  errorMessage?: string;
  /** After a save (navigate back, show the issued invoice…). */
  onSuccess?: (saved: TRecord, created: boolean) => unknown;
  /** Replace the form's values with the saved record's (`toForm`) after a save. */
  refreshFormOnSave?: boolean;
}

export interface EditController<TForm, TRecord> {
  /** False when creating. */
  editing: boolean;
  /** The loaded (or last saved) record. */
  record: TRecord | undefined;
  /** The form's values; null until an edited record has loaded. */
  data: TForm | null;
  /** Change the form's values (a value or an updater); `byUser` (default true) marks the form dirty. */
  setData: (next: TForm | ((current: TForm) => TForm), byUser?: boolean) => void;
  /** Replace the cached record without a request (an action answered the new state). */
  setRecord: (record: TRecord) => void;
  /** True while an edited record loads. */
  isLoading: boolean;
  /** The user changed something that is not saved. */
  dirty: boolean;
  /** Save the given values (default: the current ones); resolves to the saved record, or undefined when it failed (already notified). */
  save: (form?: TForm) => Promise<TRecord | undefined>;
  saving: boolean;
  /** Field errors of the last failed save (`details`). */
  errors: FieldDetail[] | undefined;
  /** Delete the record; resolves to true when it was deleted. */
  remove: () => Promise<boolean>;
  removing: boolean;
}

/**
 * @example
 * const edit = useEditController({ resource: 'product', id, toForm: (record) => record, success: (_, created) => (created ? 'Registro creado' : 'Cambios guardados'), onSuccess: () => navigate(basePath) });
 * if (edit.data === null) return <Spinner />;
 * <SchemaForm formData={edit.data} onChange={(d, byUser) => edit.setData(d, byUser)} onSubmit={edit.save} serverErrors={edit.errors} disabled={edit.saving} />
 */
export function useEditController<TForm = Record<string, unknown>, TRecord = Row>(p: EditControllerParams<TForm, TRecord>): EditController<TForm, TRecord> {
  const schemas = useSchemas();
  const apiPath = resolveApiPath({ resource: p.resource, apiParams: p.apiParams, schemas });
  const id = p.id === 'new' ? undefined : p.id;
  const editing = Boolean(id) || Boolean(p.singleton);
  const path = recordPath(apiPath, { id, singleton: p.singleton });
  const {
    data: record,
    isLoading,
    mutate,
  } = useSWR(editing ? recordKey(apiPath, id ?? '') : null, async () => (await request<TRecord>({ path })).data, { revalidateOnFocus: false, keepPreviousData: true });
  const { toForm } = p;
  const [data, setFormData] = useState<TForm | null>(editing ? null : (p.initial ?? ({} as TForm)));
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    if (record && data === null) setFormData(toForm(record));
    // toForm is read once, when the record first arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record, data]);

  const setData = useCallback((next: TForm | ((current: TForm) => TForm), byUser = true) => {
    setFormData((current) => (typeof next === 'function' ? (current === null ? current : (next as (c: TForm) => TForm)(current)) : next));
    if (byUser) setDirty(true);
  }, []);

  const saving = useMutation<TForm, TRecord>({
    mutationFn: (form) => {
      const body = p.toBody ? p.toBody(form) : writableData(schemaNamed(p.resource)?.schema ?? {}, form as Record<string, unknown>);
      return saveRecord<TRecord>({ resource: p.resource, apiParams: p.apiParams, id, singleton: p.singleton, body });
    },
    errorMessage: p.errorMessage ?? 'No se pudo guardar',
    onSuccess: async (saved) => {
      setDirty(false);
      if (editing) await mutate(saved, { revalidate: false });
      if (p.refreshFormOnSave) setFormData(toForm(saved));
      await p.onSuccess?.(saved, !editing);
    },
    success: (saved) => (typeof p.success === 'function' ? p.success(saved, !editing) : p.success),
  });
  const removing = useMutation<void, true>({
    mutationFn: async () => {
      await deleteRecord({ resource: p.resource, apiParams: p.apiParams, id: id ?? '' });
      return true;
    },
    success: 'Registro eliminado',
    errorMessage: 'No se pudo eliminar',
    onSuccess: () => setDirty(false),
  });

  const { mutate: runSave } = saving;
  const save = useCallback((form?: TForm) => runSave((form ?? data) as TForm), [runSave, data]);
  const { mutate: runRemove } = removing;
  const remove = useCallback(async () => (await runRemove()) === true, [runRemove]);
  const setRecord = useCallback((r: TRecord) => void mutate(r, { revalidate: false }), [mutate]);

  return { editing, record, data, setData, setRecord, isLoading, dirty, save, saving: saving.isPending, errors: saving.details, remove, removing: removing.isPending };
}
