/**
 * The state of the screen editor (Configuración > Pantallas > a screen): the company's layer as
 * saved (its version from the ETag), the draft the admin edits, the screen without the company's
 * changes (to list the built-in fields), the live preview the server makes of the draft (its
 * merge and its refusals, asked 300 ms after the last edit), save with If-Match, and the versions
 * with restore. After a save the app's schemas and menu are loaded again, so every screen shows
 * the change at once.
 * @example const ed = useScreenEditor('invoice'); ed.change((l) => putField(l, 'ordenCompra', form));
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, request } from '../../engine/api-client.ts';
import { notify } from '../../engine/notify.ts';
import { invalidate } from '../../engine/revisions.ts';
import { useApiData } from '../../engine/useApiData.ts';
import { useMutation, detailsOf, type FieldDetail } from '../../engine/useMutation.ts';
import { SCHEMAS_PATH, type SchemaEntry } from '../../engine/schema-registry.ts';
import { MENU_PATH } from '../../engine/menu.ts';
import { tidy, type ScreenLayer } from './screen-model.ts';

export interface ScreenPreview extends SchemaEntry {
  kind: 'comprobante' | 'master' | 'record';
  /** Fields that cannot be hidden (the SRI or Emite needs them). */
  protected: string[];
  refTargets: Array<{ name: string; title: string }>;
}

export interface ScreenVersion {
  version: number;
  layer: ScreenLayer;
  createdAt: string;
  createdBy: { _id: string; name: string } | null;
  restoredFrom: number | null;
}

export interface ScreenSummary {
  resource: string;
  title: string;
  kind: ScreenPreview['kind'];
  version: number;
  problems: FieldDetail[];
}

const base = (resource: string) => `/api/admin/screens/${encodeURIComponent(resource)}`;
const versionOf = (res: Response | undefined) => Number(/\d+/.exec(res?.headers.get('etag') ?? '')?.[0] ?? 0);

/**
 * @param resource the screen's name; null while a new screen has none yet.
 * @param start for a new record screen: its first layer (title and menu entry); nothing is loaded.
 */
export function useScreenEditor(resource: string | null, start?: ScreenLayer) {
  const [saved, setSaved] = useState<{ layer: ScreenLayer; version: number } | null>(null);
  const [draft, setDraft] = useState<ScreenLayer>({});
  const [screen, setScreen] = useState<ScreenPreview | null>(null);
  const [preview, setPreview] = useState<ScreenPreview | null>(null);
  const [problems, setProblems] = useState<FieldDetail[]>([]);
  const [loadError, setLoadError] = useState<string>();
  const { data: summaries } = useApiData<ScreenSummary[]>({ path: resource ? '/api/admin/screens' : null, query: { per_page: 100 } });
  const summary = summaries?.find((s) => s.resource === resource);
  const { data: versions } = useApiData<ScreenVersion[]>({ path: resource && saved?.version ? `${base(resource)}/versions` : null, query: { v: saved?.version ?? 0 } });

  const load = useCallback(async () => {
    if (!resource) return;
    if (start) {
      setSaved({ layer: {}, version: 0 });
      setDraft(start);
      return;
    }
    try {
      const [layer, bare] = await Promise.all([
        request<ScreenLayer>({ path: base(resource), kind: 'form' }),
        request<ScreenPreview>({ method: 'POST', path: `${base(resource)}/preview`, body: {}, kind: 'form' }).catch(() => null),
      ]);
      setSaved({ layer: layer.data, version: versionOf(layer.response) });
      setDraft(layer.data);
      if (bare) setScreen(bare.data);
    } catch (err) {
      setLoadError(err instanceof Error ? err.message : 'No se pudo cargar la pantalla');
    }
    // `start` is read when the name is chosen, not on every edit of it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource]);
  useEffect(() => void load(), [load]);

  // The preview: the server merges and checks the draft; its refusals (4xx with details) are shown
  // where they apply and hold Guardar. A preview that failed otherwise (the network, a busy server)
  // is asked again, up to 3 times, and never holds Guardar: the server checks the layer on saving.
  const asked = useRef(0);
  const [retry, setRetry] = useState(0);
  useEffect(() => {
    if (!resource || !saved) return;
    const n = ++asked.current;
    const timer = setTimeout(async () => {
      try {
        const res = await request<ScreenPreview>({ method: 'POST', path: `${base(resource)}/preview`, body: tidy(draft), kind: 'form' });
        if (n !== asked.current) return;
        setPreview(res.data);
        setProblems([]);
        setRetry(0);
      } catch (err) {
        if (n !== asked.current) return;
        const refused = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429 ? detailsOf(err) : undefined;
        setProblems(refused ?? (err instanceof ApiError && err.status < 500 && err.status !== 429 ? [{ path: '', message: err.message }] : []));
        if (!refused && retry < 3) setTimeout(() => n === asked.current && setRetry((r) => r + 1), 2000);
      }
    }, 300);
    return () => clearTimeout(timer);
    // `retry` asks again for the same draft; an answer resets the count.
  }, [resource, draft, saved, retry]);

  const afterSave = useCallback(async (res: { data: ScreenLayer; response?: Response }, message: string) => {
    setSaved({ layer: res.data, version: versionOf(res.response) });
    setDraft(res.data);
    notify('success', message);
    await Promise.all([invalidate(SCHEMAS_PATH), invalidate(MENU_PATH), invalidate('/api/admin/screens')]);
  }, []);

  const save = useMutation({
    mutationFn: async () => request<ScreenLayer>({ method: 'PUT', path: base(resource!), body: tidy(draft), headers: { 'if-match': `"${saved?.version ?? 0}"` }, kind: 'form' }),
    errorMessage: 'No se pudo guardar la pantalla',
    onSuccess: (res) => afterSave(res, 'Pantalla guardada: los usuarios de la empresa ya la ven así'),
  });
  const restore = useMutation({
    mutationFn: async (version: number) => request<ScreenLayer>({ method: 'POST', path: `${base(resource!)}/versions/${version}/restore`, kind: 'form' }),
    errorMessage: 'No se pudo restaurar la versión',
    onSuccess: (res, version) => afterSave(res, `Versión ${version} restaurada`),
  });

  const change = useCallback((edit: (layer: ScreenLayer) => ScreenLayer) => setDraft((d) => tidy(edit(d))), []);
  const dirty = saved !== null && JSON.stringify(tidy(draft)) !== JSON.stringify(tidy(saved.layer));
  return {
    resource,
    summary,
    saved,
    draft,
    setDraft,
    change,
    dirty,
    /** The screen as built in and deployed (without the company's changes). */
    screen,
    /** The screen with the draft; null until the first answer. */
    preview,
    /** Why the draft would be refused (the server's details); empty when it would save. */
    problems,
    loadError,
    versions: versions ?? [],
    save,
    restore,
    discard: () => saved && setDraft(saved.layer),
  };
}

export type ScreenEditorState = ReturnType<typeof useScreenEditor>;
