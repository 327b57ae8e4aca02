/**
 * Named extra actions a list's toolbar can offer, asked for by list.json's `actions` (e.g. the
 * Proveedores list's `"actions": ["copy-from-customers"]`). Each is loaded lazily, like the custom
 * renderers, so a list without actions carries none of their code. An unknown name shows nothing.
 * @example
 * registerListAction('copy-from-customers', () => import('../supplier/CopyFromCustomersAction.tsx'));
 * const Action = listAction('copy-from-customers'); // <Action entry={entry} basePath="/purchases/supplier" />
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { SchemaEntry } from '../../engine/schema-registry.ts';

export interface ListActionProps {
  /** The listed schema. */
  entry: SchemaEntry;
  /** The list's route; its records open at `<basePath>/<_id>`. */
  basePath: string;
}

type Action = LazyExoticComponent<ComponentType<ListActionProps>>;
const actions = new Map<string, Action>();

export function registerListAction(name: string, load: () => Promise<{ default: ComponentType<ListActionProps> }>): void {
  actions.set(name, lazy(load));
}

/** The action registered under a name, or undefined. */
export function listAction(name: string): Action | undefined {
  return actions.get(name);
}

registerListAction('copy-from-customers', () => import('../supplier/CopyFromCustomersAction.tsx'));
