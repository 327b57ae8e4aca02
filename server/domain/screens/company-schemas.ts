/**
 * Each company's effective schemas (DESIGN.md §13): the deployment's registry (built-in <-
 * SCHEMAS_DIR) with the company's layers on top, as a `SchemaRegistry` every route and use case
 * takes in place of the deployment's. A company without layers gets the deployment's registry
 * itself. Built once per company and kept (at most `maxCompanies`, least recently used first out);
 * each screen is compiled once per layer version and reused while the rest of the company's
 * layers change. A saved layer announces itself on the change feed (channel `screen_layer`, the
 * company id) inside its transaction, so every node drops that company's entry when it commits;
 * a feed that lost its connection drops them all, and while it is not live nothing is cached.
 */
import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { screenLayers } from '../../db/schema/index-tables.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { SchemaEntry, SchemaRegistry } from '../../schemas/registry.ts';
import type { ErrorDetail } from '../../errors.ts';
import { ajvDetails } from '../../plugins/error-handler.ts';
import type { MenuRowInput } from '../admin/build-menu.ts';
import { applySavedLayer } from './apply-saved-layer.ts';
import { layerNames } from './merge-company-layer.ts';
import { releaseLayerSchema } from './layer-ajv.ts';
import type { ScreenLayer } from './screen-layer.ts';

/** The change-feed channel of saved layers; the payload is the company's id. */
export const SCREEN_LAYER_CHANNEL = 'screen_layer';

export interface CompanyRegistry extends SchemaRegistry {
  /** The version in force of each screen the company has changed (a reset `{}` counts). */
  versions: ReadonlyMap<string, number>;
  /** What of each stored layer no longer applies (field by field), by screen. */
  problems: ReadonlyMap<string, ErrorDetail[]>;
  /** Menu entries of the record screens the company created. */
  menuRows: MenuRowInput[];
  /** The deployment's registry under it. */
  base: SchemaRegistry;
}

export interface CompanySchemas {
  base: SchemaRegistry;
  /** The company's registry (cached). @throws the database's error. */
  registryFor(companyId: string): Promise<CompanyRegistry>;
  /** Forget one company's registry (this node; other nodes hear it from the change feed). */
  invalidate(companyId: string): void;
  /** Stop listening. */
  close(): void;
}

interface Built {
  version: number;
  /** The x-ref targets it was checked against. */
  namesKey: string;
  entry?: SchemaEntry;
  problems: ErrorDetail[];
}

/** The newest layer of each screen of a company. */
async function currentLayers(db: Db, companyId: string) {
  return db
    .selectDistinctOn([screenLayers.resource], { resource: screenLayers.resource, version: screenLayers.version, layer: screenLayers.layer })
    .from(screenLayers)
    .where(eq(screenLayers.companyId, companyId))
    .orderBy(screenLayers.resource, desc(screenLayers.version));
}

const isEmpty = (layer: object) => Object.keys(layer).length === 0;

/**
 * @param p.maxCompanies how many companies' registries one node keeps (default 500).
 */
export function createCompanySchemas(p: { db: Db; base: SchemaRegistry; changeFeed?: ChangeFeed; maxCompanies?: number; log?: (msg: string) => void }): CompanySchemas {
  const max = p.maxCompanies ?? 500;
  const registries = new Map<string, Promise<CompanyRegistry>>();
  /** companyId -> resource -> its compiled screen. */
  const built = new Map<string, Map<string, Built>>();

  const release = (b: Built | undefined) => {
    if (b?.entry) releaseLayerSchema(b.entry.schema);
  };
  const forget = (companyId: string) => {
    registries.delete(companyId);
  };
  const evict = (companyId: string) => {
    registries.delete(companyId);
    for (const b of built.get(companyId)?.values() ?? []) release(b);
    built.delete(companyId);
  };
  const unsubscribe = p.changeFeed?.subscribe(SCREEN_LAYER_CHANNEL, (payload) => {
    if (payload === null) for (const id of [...registries.keys()]) forget(id);
    else forget(payload);
  });

  async function load(companyId: string): Promise<CompanyRegistry> {
    const rows = await currentLayers(p.db, companyId);
    const versions = new Map(rows.map((r) => [r.resource, r.version]));
    const live = rows.filter((r) => !isEmpty(r.layer));
    const mine = built.get(companyId) ?? new Map<string, Built>();
    built.set(companyId, mine);
    // Record screens first: the company's other screens may refer to them (x-ref).
    const records = live.filter((r) => !p.base.get(r.resource));
    const recordNames = records.map((r) => r.resource);
    const namesKey = recordNames.sort().join(',');
    const entries = new Map<string, SchemaEntry>();
    const problems = new Map<string, ErrorDetail[]>();
    for (const row of [...records, ...live.filter((r) => p.base.get(r.resource))]) {
      let b = mine.get(row.resource);
      if (!b || b.version !== row.version || b.namesKey !== namesKey) {
        release(b);
        const applied = applySavedLayer({ resource: row.resource, layer: row.layer, base: p.base.get(row.resource), ...layerNames(p.base, row.resource, recordNames) });
        b = { version: row.version, namesKey, problems: applied.problems, entry: applied.merged && { name: row.resource, schema: applied.merged.schema, ui: applied.merged.ui, list: applied.merged.list, validate: applied.merged.validate } };
        mine.set(row.resource, b);
        if (b.problems.length) p.log?.(`Empresa ${companyId}, pantalla ${row.resource} v${row.version}: ${b.problems.map((d) => `${d.path} ${d.message}`).join('; ')}`);
      }
      if (b.entry) entries.set(row.resource, b.entry);
      if (b.problems.length) problems.set(row.resource, b.problems);
    }
    for (const [resource, b] of mine) {
      if (!live.some((r) => r.resource === resource)) {
        release(b);
        mine.delete(resource);
      }
    }
    return companyRegistry(p.base, { entries, versions, problems, layers: live });
  }

  return {
    base: p.base,
    registryFor(companyId) {
      // A feed that is reconnecting cannot say what changed meanwhile: read the layers every time.
      if (p.changeFeed && !p.changeFeed.live()) return load(companyId);
      let found = registries.get(companyId);
      if (found) {
        registries.delete(companyId);
        registries.set(companyId, found);
        return found;
      }
      found = load(companyId);
      registries.set(companyId, found);
      // A failed read is not kept: the next request tries again.
      found.catch(() => {
        if (registries.get(companyId) === found) registries.delete(companyId);
      });
      while (registries.size > max) evict(registries.keys().next().value as string);
      return found;
    },
    invalidate: forget,
    close() {
      unsubscribe?.();
      for (const id of [...built.keys()]) evict(id);
    },
  };
}

/** The deployment's registry with the company's screens in place of (or beside) its own. */
function companyRegistry(base: SchemaRegistry, p: { entries: Map<string, SchemaEntry>; versions: Map<string, number>; problems: Map<string, ErrorDetail[]>; layers: Array<{ resource: string; layer: Record<string, unknown> }> }): CompanyRegistry {
  const menuRows: MenuRowInput[] = [];
  p.layers.forEach((row, i) => {
    const menu = (row.layer as ScreenLayer).menu;
    if (!base.get(row.resource) && menu && p.entries.has(row.resource)) {
      menuRows.push({ id: `company.${row.resource}`, parentId: menu.group, path: row.resource, title: menu.title, resource: 'record', position: 1000 + i });
    }
  });
  if (p.entries.size === 0) return { ...base, versions: p.versions, problems: p.problems, menuRows, base, etag: etagOf(base.etag, p.versions) };
  const all = [...base.all().map((e) => p.entries.get(e.name) ?? e), ...[...p.entries.values()].filter((e) => !base.get(e.name))];
  const byName = new Map(all.map((e) => [e.name, e]));
  return {
    get: (name) => byName.get(name),
    all: () => all,
    validate(name, data) {
      const entry = byName.get(name);
      if (!entry) throw new Error(`No hay un esquema registrado con el nombre "${name}"`);
      return entry.validate(data) ? null : ajvDetails(entry.validate.errors ?? [], entry.schema);
    },
    menu: base.menu,
    etag: etagOf(base.etag, p.versions),
    versions: p.versions,
    problems: p.problems,
    menuRows,
    base,
  };
}

/** The deployment's ETag when the company changed nothing; else one that changes with every saved version. */
function etagOf(baseEtag: string, versions: Map<string, number>): string {
  if (versions.size === 0) return baseEtag;
  const key = [...versions].sort(([a], [b]) => a.localeCompare(b)).map(([r, v]) => `${r}:${v}`).join(',');
  return `"${createHash('sha1').update(`${baseEtag}|${key}`).digest('hex')}"`;
}
