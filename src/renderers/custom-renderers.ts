/**
 * Named custom renderers a schema can ask for with `x-renderer` (the factura and notas editors,
 * the dashboard). Each is loaded lazily, so its code and libraries stay out of the initial bundle;
 * a renderer registers itself by name with a loader.
 * @example
 * registerRenderer('invoice-editor', () => import('./invoice/InvoiceEditor.tsx'));
registerRenderer('credit-note-editor', () => import('./notes/CreditNoteEditor.tsx'));
registerRenderer('debit-note-editor', () => import('./notes/DebitNoteEditor.tsx'));
 * const Editor = customRenderer('invoice-editor'); // <Editor entry={entry} id="new" basePath="/invoicing/invoice" />
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

registerRenderer('invoice-editor', () => import('./invoice/InvoiceEditor.tsx'));
registerRenderer('credit-note-editor', () => import('./notes/CreditNoteEditor.tsx'));
registerRenderer('debit-note-editor', () => import('./notes/DebitNoteEditor.tsx'));
registerRenderer('waybill-editor', () => import('./waybill/WaybillEditor.tsx'));
registerRenderer('purchase-settlement-editor', () => import('./settlement/SettlementEditor.tsx'));
registerRenderer('withholding-editor', () => import('./withholding/WithholdingEditor.tsx'));
registerRenderer('dashboard', () => import('./dashboard/Dashboard.tsx'));
registerRenderer('received-document', () => import('./received/ReceivedDocumentScreen.tsx'));
registerRenderer('ats-screen', () => import('./reports/AtsScreen.tsx'));
registerRenderer('tax-forms', () => import('./reports/TaxForms.tsx'));
registerRenderer('month-archive', () => import('./reports/MonthArchive.tsx'));
registerRenderer('screen-editor', () => import('./screens/ScreenEditor.tsx'));
registerRenderer('customer-statement', () => import('./receivables/CustomerStatement.tsx'));
