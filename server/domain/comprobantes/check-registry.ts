/**
 * The comprobante registry checks itself at start (issue 29, "fail fast with the fix"): every
 * registered type needs, besides its server folder,
 *   - an XSD for each version it declares (`${xsdDir}/${xsdPrefix}${version}.xsd`, shared/sri/xsd),
 *   - a schema folder whose name is its API resource (`src/schemas/${resource}/schema.json`), and
 *     whose `x-resource`, when present, is that resource too (the front end calls the API by it),
 *   - a front-end editor: its folder `src/renderers/comprobantes/${resource}/` with `Editor.tsx`, which
 *     src/renderers/custom-renderers.ts finds by the resource (checked where the sources ship; a
 *     built deployment carries the compiled bundle only).
 * (Its menu entry is built from its `meta.menu`, server/db/seed/menu.ts: nothing to check.)
 * It also refuses two types sharing a root element, info element, resource, XSD prefix or file stem.
 * A missing piece stops the start with one message per piece naming the file to add, instead of a
 * type that boots and then answers an opaque 500 on issue.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ComprobanteTypeMeta } from '../../../core/comprobante-types.ts';

/** The entry file of a type's editor folder, the one src/renderers/custom-renderers.ts loads. */
export const EDITOR_FILE = 'Editor.tsx';

/** One missing piece of a registered type: the file to add (or edit) and why, in Spanish. */
export interface RegistryProblem {
  codDoc: string;
  file: string;
  message: string;
}

export interface RegistryCheckInput {
  types: readonly { meta: ComprobanteTypeMeta }[];
  /** The SRI XSD folder (validate-xsd.ts `xsdDir()`). */
  xsdDir: string;
  /** Where the schema folders are looked for, for the messages (src/schemas). */
  schemasDir: string;
  /** The merged schema registry's lookup by name. */
  schemaNamed: (name: string) => { schema?: unknown } | undefined;
  /**
   * The editors' folder (src/renderers/comprobantes: one `<resource>/Editor.tsx` per type), or
   * undefined where the sources are not shipped (a built deployment: the check is skipped).
   */
  editorsDir?: string;
}

/** Every missing piece of every registered type, in registry order; [] when the registry is complete. */
export function registryProblems(input: RegistryCheckInput): RegistryProblem[] {
  const problems: RegistryProblem[] = [];
  for (const { meta } of input.types) {
    const add = (file: string, message: string) => problems.push({ codDoc: meta.codDoc, file, message: `${meta.label} (codDoc ${meta.codDoc}): ${message}` });
    for (const version of meta.versions) {
      const xsd = path.join(input.xsdDir, `${meta.xsdPrefix}${version}.xsd`);
      if (!existsSync(xsd)) add(xsd, `falta el XSD de la versión ${version}; copie el XSD oficial del SRI a ${xsd} o quite la versión de core/comprobante-types.ts`);
    }
    if (!meta.versions.includes(meta.defaultVersion)) add('core/comprobante-types.ts', `la versión por defecto ${meta.defaultVersion} no está entre sus versiones (${meta.versions.join(', ')})`);
    const schemaFile = path.join(input.schemasDir, meta.resource, 'schema.json');
    const entry = input.schemaNamed(meta.resource);
    if (!entry) {
      add(schemaFile, `falta la carpeta de esquemas del recurso "${meta.resource}"; cree ${schemaFile} (copie la de un tipo parecido y cambie sus campos)`);
    } else {
      const schema = entry.schema as { 'x-resource'?: unknown } | undefined;
      // A schema folder copied from another type keeps the other's x-resource: its editor and list
      // would then read and save through the other type's API path.
      const resource = schema?.['x-resource'];
      if (resource !== undefined && resource !== meta.resource) add(schemaFile, `su esquema dice "x-resource": "${String(resource)}"; debe decir "x-resource": "${meta.resource}" en ${schemaFile}`);
    }
    if (input.editorsDir !== undefined) {
      const folder = path.join(input.editorsDir, meta.resource);
      const editor = path.join(folder, EDITOR_FILE);
      if (!existsSync(folder)) add(editor, `falta la carpeta de su editor; cree ${editor} (copie la carpeta de un tipo parecido, cambie sus campos y su modelo; se registra sola por el nombre de la carpeta)`);
      else if (!existsSync(editor)) add(editor, `la carpeta ${folder} no tiene su editor; cree ${editor} (export default del componente del editor)`);
    }
  }
  // Each of these names one type only: the received side, the sandbox and the RIDE find a type by its
  // root (metaByRoot), the API and the editor by its resource; a copied line that keeps one answers
  // for the other type (the guide's throw-away 99 kept `notaDebito` and read real notas de débito as 99).
  for (const key of UNIQUE_META_KEYS) {
    const seen = new Map<string, string>();
    for (const { meta } of input.types) {
      const value = meta[key];
      const first = seen.get(value);
      if (first === undefined) seen.set(value, meta.codDoc);
      else problems.push({ codDoc: meta.codDoc, file: 'core/comprobante-types.ts', message: `${meta.label} (codDoc ${meta.codDoc}): su ${key} "${value}" es también el del codDoc ${first}; cada tipo necesita el suyo en core/comprobante-types.ts` });
    }
  }
  return problems;
}

/** Metadata that must differ between types (each is how some reader finds the type). */
const UNIQUE_META_KEYS = ['rootElement', 'infoElement', 'resource', 'xsdPrefix', 'fileStem'] as const;

/** The start-up refusal: the list of missing pieces, each naming its file. */
export class RegistryCheckError extends Error {
  readonly problems: RegistryProblem[];
  constructor(problems: RegistryProblem[]) {
    super(`El registro de comprobantes está incompleto; Emite no arranca hasta que se corrija:\n${problems.map((p) => `  - ${p.message}`).join('\n')}`);
    this.name = 'RegistryCheckError';
    this.problems = problems;
  }
}

/** @throws RegistryCheckError when any registered type misses a piece (see {@link registryProblems}). */
export function assertRegistryComplete(input: RegistryCheckInput): void {
  const problems = registryProblems(input);
  if (problems.length > 0) throw new RegistryCheckError(problems);
}
