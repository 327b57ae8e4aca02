/**
 * The effective schemas: `src/schemas/<name>/{schema,ui,list}.json` merged with a deployment's
 * SCHEMAS_DIR (DESIGN.md §3). Compiled once at start; a bad file stops start-up with its path and
 * the Ajv message (`SchemaLoadError`), so no broken screen is ever served.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../repo-root.ts';
import type { ValidateFunction } from 'ajv';
import type { ErrorDetail } from '../errors.ts';
import { ajvDetails } from '../plugins/error-handler.ts';
import { ajvFor, createSchemaAjv } from './ajv.ts';
import { checkFolderName, checkRefTargets, FOLDER_FILES } from './check-folder.ts';
import { bundledFolder, mergeSchemaFolder, type FolderContents, type SchemaFiles, type SourcedSchemaFiles } from './merge.ts';
import { SchemaLoadError } from './schema-load-error.ts';

export { SchemaLoadError };

export const BUNDLED_SCHEMAS_DIR = path.join(REPO_ROOT, 'src/schemas');

export interface SchemaEntry extends SchemaFiles {
  name: string;
  validate: ValidateFunction;
}

export interface SchemaRegistry {
  get(name: string): SchemaEntry | undefined;
  all(): SchemaEntry[];
  /** Validate (and apply defaults to) a body; returns null when valid, else Spanish details. */
  validate(name: string, data: unknown): ErrorDetail[] | null;
  /** Extra menu entries from SCHEMAS_DIR/menu.json (same shape as the menu API). */
  menu: unknown[];
  etag: string;
}


function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new SchemaLoadError(file, (err as Error).message);
  }
}

function readFolder(dir: string, opts: { strict: boolean }): FolderContents {
  const out: FolderContents = {};
  for (const part of FOLDER_FILES) {
    const file = path.join(dir, `${part}.json`);
    if (existsSync(file)) out[part] = readJson(file);
  }
  if (opts.strict) {
    // A misspelt file name (`shema.json`, `lista.json`) would otherwise be ignored without a word.
    const stray = readdirSync(dir).find((f) => f.endsWith('.json') && !(FOLDER_FILES as readonly string[]).includes(f.slice(0, -5)));
    if (stray) throw new SchemaLoadError(path.join(dir, stray), `archivo desconocido (se admiten: ${FOLDER_FILES.map((f) => `${f}.json`).join(', ')})`);
  }
  return out;
}

// Hidden folders (.git, .vscode) are not schema folders.
const folders = (dir: string) => readdirSync(dir).filter((n) => !n.startsWith('.') && statSync(path.join(dir, n)).isDirectory());

/**
 * Load, merge, check and compile every schema: src/schemas, then SCHEMAS_DIR on top.
 * @param opts.bundledDir defaults to src/schemas; opts.overridesDir is SCHEMAS_DIR (optional).
 * @throws SchemaLoadError naming the file to fix (schema.json, ui.json, list.json, patch.json or
 *   menu.json) and the reason: bad JSON, bad shape, unknown patch key or field name, a folder name
 *   that is not `^[a-z][a-z0-9_-]*$`, or the Ajv meta-schema / compile error.
 */
export function loadSchemaRegistry(opts: { bundledDir?: string; overridesDir?: string } = {}): SchemaRegistry {
  const bundledDir = opts.bundledDir ?? BUNDLED_SCHEMAS_DIR;
  const merged = new Map<string, SourcedSchemaFiles>();
  for (const name of folders(bundledDir)) {
    const dir = path.join(bundledDir, name);
    const files = bundledFolder(readFolder(dir, { strict: false }), dir);
    if (files) merged.set(name, files);
  }
  let menu: unknown[] = [];
  if (opts.overridesDir) {
    if (!existsSync(opts.overridesDir)) throw new SchemaLoadError(opts.overridesDir, 'la carpeta SCHEMAS_DIR no existe');
    for (const name of folders(opts.overridesDir)) {
      const dir = path.join(opts.overridesDir, name);
      checkFolderName(name, dir);
      merged.set(name, mergeSchemaFolder(merged.get(name), readFolder(dir, { strict: true }), dir));
    }
    const menuFile = path.join(opts.overridesDir, 'menu.json');
    if (existsSync(menuFile)) {
      const data = readJson(menuFile);
      if (!Array.isArray(data)) throw new SchemaLoadError(menuFile, 'debe ser una lista de entradas de menú');
      menu = data;
    }
  }

  const ajvs = createSchemaAjv();
  const entries = new Map<string, SchemaEntry>();
  for (const [name, files] of merged) {
    const ajv = ajvFor(ajvs, files.schema);
    // The file that made the schema what it is: the deployment's schema.json or patch.json, or the bundled one.
    const file = files.files.schema;
    if (!ajv.validateSchema(files.schema)) {
      throw new SchemaLoadError(file, ajv.errorsText(ajv.errors, { dataVar: 'schema' }));
    }
    checkRefTargets(files.schema, new Set(merged.keys()), file);
    let validate: ValidateFunction;
    try {
      validate = ajv.compile(files.schema);
    } catch (err) {
      throw new SchemaLoadError(file, (err as Error).message);
    }
    entries.set(name, { name, schema: files.schema, ui: files.ui, list: files.list, validate });
  }
  const etag = `"${createHash('sha1')
    .update(JSON.stringify([...entries.values()].map((e) => [e.name, e.schema, e.ui, e.list]).concat([menu])))
    .digest('hex')}"`;

  return {
    get: (name) => entries.get(name),
    all: () => [...entries.values()],
    validate(name, data) {
      const entry = entries.get(name);
      if (!entry) throw new Error(`No hay un esquema registrado con el nombre "${name}"`);
      return entry.validate(data) ? null : ajvDetails(entry.validate.errors ?? [], entry.schema);
    },
    menu,
    etag,
  };
}
