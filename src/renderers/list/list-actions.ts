/**
 * Named extra actions a list's toolbar can offer, asked for by list.json's `actions` (e.g. the
 * Proveedores list's `"actions": ["copy-from-customers"]`). Each is loaded on first use (shell/deferred.tsx, no Suspense), like the custom
 * renderers, so a list without actions carries none of their code. An unknown name shows nothing.
 * @example
 * registerListAction('copy-from-customers', () => import('../supplier/CopyFromCustomersAction.tsx'));
 * const Action = listAction('copy-from-customers'); // <Action entry={entry} basePath="/purchases/supplier" />
 */
import type { ComponentType } from 'react';
import { deferred, type Deferred } from '../../shell/deferred.tsx';
import type { SchemaEntry } from '../../engine/schema-registry.ts';
import type { Row } from '../../engine/resources.ts';

export interface ListActionProps {
  /** The listed schema. */
  entry: SchemaEntry;
  /** The list's route; its records open at `<basePath>/<_id>`. */
  basePath: string;
}

type Action = Deferred<ListActionProps>;
const actions = new Map<string, Action>();

export function registerListAction(name: string, load: () => Promise<{ default: ComponentType<ListActionProps> }>): void {
  actions.set(name, deferred(() => load().then((m) => m.default)));
}

/** The action registered under a name, or undefined. */
export function listAction(name: string): Action | undefined {
  return actions.get(name);
}

registerListAction('copy-from-customers', () => import('../supplier/CopyFromCustomersAction.tsx'));
registerListAction('payment-import', () => import('../receivables/PaymentImportAction.tsx'));

/** What an action on the selected rows gets (list.json `bulkActions`). */
export interface BulkActionProps {
  entry: SchemaEntry;
  /** The selected rows (of the page shown) this action applies to (its `when`), in the list's order. */
  rows: Row[];
  /** Call when the action is over: the selection is cleared and the list reloads. */
  onDone: () => void;
}

type BulkAction = Deferred<BulkActionProps>;
const bulkActions = new Map<string, BulkAction>();

/**
 * An action on a list's selected rows, asked for by list.json's `bulkActions` (loaded on first use).
 * @example registerBulkAction('issue-batch', () => import('../comprobante/IssueSelectedAction.tsx'));
registerBulkAction('register-payment', () => import('../comprobante/RegisterPaymentsAction.tsx'));
 */
export function registerBulkAction(name: string, load: () => Promise<{ default: ComponentType<BulkActionProps> }>): void {
  bulkActions.set(name, deferred(() => load().then((m) => m.default)));
}

/** The bulk action registered under a name, or undefined. */
export function bulkAction(name: string): BulkAction | undefined {
  return bulkActions.get(name);
}

registerBulkAction('issue-batch', () => import('../comprobante/IssueSelectedAction.tsx'));
registerBulkAction('register-payment', () => import('../comprobante/RegisterPaymentsAction.tsx'));
