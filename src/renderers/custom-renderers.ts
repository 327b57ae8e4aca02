/**
 * The screens a schema gets instead of the generic list form: each comprobante type's editor, found
 * by its resource, and the named custom renderers a schema asks for with `x-renderer` (the
 * dashboard, the ATS screen, …). Each is loaded lazily, so its code and libraries stay out of the
 * initial bundle.
 *
 * A comprobante type's editor is `src/renderers/comprobantes/<resource>/Editor.tsx` (default export,
 * {@link CustomRendererProps}); the folder is found by `import.meta.glob`, so a new type needs no line
 * here (the server's start-up check asks for the file, server/domain/comprobantes/check-registry.ts).
 * It is also registered under the name `<resource>-editor`, which the bundled schemas and any
 * company-edited copy of them still name in `x-renderer`.
 * @example
 * registerRenderer('dashboard', () => import('./dashboard/Dashboard.tsx'));
 * const Editor = rendererFor(entry); // the factura's editor for the invoice schema
 * // <Editor entry={entry} id="new" basePath="/invoicing/invoice" />
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { SchemaEntry } from '../engine/schema-registry.ts';

export interface CustomRendererProps {
  entry: SchemaEntry;
  /** 'new' or a record id when the renderer replaces a form; undefined for a page. */
  id?: string;
  basePath: string;
}

type Renderer = LazyExoticComponent<ComponentType<CustomRendererProps>>;
const renderers = new Map<string, Renderer>();

export function registerRenderer(name: string, load: () => Promise<{ default: ComponentType<CustomRendererProps> }>): void {
  renderers.set(name, lazy(load));
}

/** The renderer registered under a name, or undefined (the generic screen is used). */
export function customRenderer(name: unknown): Renderer | undefined {
  return typeof name === 'string' ? renderers.get(name) : undefined;
}

/** Comprobante editors by the type's resource (the folder name), each its own lazy chunk. */
const editors = new Map<string, Renderer>();
const editorFiles = import.meta.glob<{ default: ComponentType<CustomRendererProps> }>('./comprobantes/*/Editor.tsx');
for (const [file, load] of Object.entries(editorFiles)) {
  const resource = file.split('/')[2]; // './comprobantes/<resource>/Editor.tsx'
  const editor = lazy(load);
  editors.set(resource, editor);
  renderers.set(`${resource}-editor`, editor);
}

/**
 * The screen a schema's form gets: the editor of the comprobante type whose API resource the schema
 * reads (`x-resource`, else its name; never for schema-only record storage), else the renderer its
 * `x-renderer` names, else undefined (the generic form). The resource wins, so a schema folder copied
 * from another type, still naming the other's `x-renderer`, opens its own type's editor.
 */
export function rendererFor(entry: SchemaEntry): Renderer | undefined {
  const s = entry.schema;
  const resource = s['x-storage'] === 'record' || s['x-api'] ? undefined : (s['x-resource'] ?? entry.name);
  return (resource === undefined ? undefined : editors.get(resource)) ?? customRenderer(s['x-renderer']);
}

registerRenderer('dashboard', () => import('./dashboard/Dashboard.tsx'));
registerRenderer('received-document', () => import('./received/ReceivedDocumentScreen.tsx'));
registerRenderer('ats-screen', () => import('./reports/AtsScreen.tsx'));
registerRenderer('tax-forms', () => import('./reports/TaxForms.tsx'));
registerRenderer('month-archive', () => import('./reports/MonthArchive.tsx'));
registerRenderer('screen-editor', () => import('./screens/ScreenEditor.tsx'));
registerRenderer('customer-statement', () => import('./receivables/CustomerStatement.tsx'));
