/**
 * The comprobante registry's start-up check (issue 29): a type registered without its XSD, its
 * schema folder (or one still naming another type's x-resource) or its editor folder
 * (src/renderers/comprobantes/<resource>/Editor.tsx) stops the start with a message naming the file to add.
 * (Its menu entry is built from its meta: tests/unit/server/menu-seed.)
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPROBANTE_TYPE_META, type ComprobanteTypeMeta } from '../../../core/comprobante-types.ts';
import { COMPROBANTE_TYPES } from '../../../server/domain/comprobantes/registry.ts';
import { assertRegistryComplete, registryProblems, RegistryCheckError, type RegistryCheckInput } from '../../../server/domain/comprobantes/check-registry.ts';
import { checkComprobanteRegistry } from '../../../server/bootstrap.ts';
import { BUNDLED_SCHEMAS_DIR, loadSchemaRegistry } from '../../../server/schemas/registry.ts';
import { xsdDir } from '../../../server/sri/validate-xsd.ts';
import { REPO_ROOT } from '../../../server/repo-root.ts';

const schemas = loadSchemaRegistry();
const editorsDir = path.join(REPO_ROOT, 'src/renderers/comprobantes');
const tmp = mkdtempSync(path.join(tmpdir(), 'emite-registry-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The real inputs, with `over` replacing some. */
const input = (over: Partial<RegistryCheckInput> = {}): RegistryCheckInput => ({
  types: COMPROBANTE_TYPES,
  xsdDir: xsdDir(),
  schemasDir: BUNDLED_SCHEMAS_DIR,
  schemaNamed: (name) => schemas.get(name),
  editorsDir,
  ...over,
});

/** A throw-away type copied from the nota de débito with another codDoc, root, XSD and resource. */
const throwAway: ComprobanteTypeMeta = { ...COMPROBANTE_TYPE_META['05'], codDoc: '05', label: 'Nota de prueba', rootElement: 'notaPrueba', infoElement: 'infoNotaPrueba', xsdPrefix: 'NotaPrueba_V', versions: ['1.0.0'], defaultVersion: '1.0.0', resource: 'test-note', fileStem: 'nota-prueba' };

describe('the comprobante registry checks itself at start', () => {
  it('the six shipped types are complete, and the server starts with them', () => {
    expect(registryProblems(input())).toEqual([]);
    expect(() => checkComprobanteRegistry(schemas)).not.toThrow();
  });

  it('a type missing its XSD stops the start naming the XSD file to add', () => {
    const withNew = input({ types: [...COMPROBANTE_TYPES, { meta: throwAway }] });
    const problems = registryProblems(withNew);
    const expected = path.join(xsdDir(), 'NotaPrueba_V1.0.0.xsd');
    expect(problems.map((p) => p.file)).toContain(expected);
    expect(() => assertRegistryComplete(withNew)).toThrow(RegistryCheckError);
    expect(() => assertRegistryComplete(withNew)).toThrow(expected);
  });

  it("a copied line that keeps another type's root element or resource is refused naming core and the other codDoc", () => {
    const copied: ComprobanteTypeMeta = { ...throwAway, codDoc: '99' as ComprobanteTypeMeta['codDoc'], rootElement: 'notaDebito', resource: 'debit-note' };
    const problems = registryProblems(input({ types: [...COMPROBANTE_TYPES, { meta: copied }] })).filter((p) => p.file === 'core/comprobante-types.ts');
    expect(problems.map((p) => p.message)).toEqual([
      'Nota de prueba (codDoc 99): su rootElement "notaDebito" es también el del codDoc 05; cada tipo necesita el suyo en core/comprobante-types.ts',
      'Nota de prueba (codDoc 99): su resource "debit-note" es también el del codDoc 05; cada tipo necesita el suyo en core/comprobante-types.ts',
    ]);
    expect(() => assertRegistryComplete(input({ types: [...COMPROBANTE_TYPES, { meta: copied }] }))).toThrow(/rootElement "notaDebito"/);
  });

  it('a type missing its schema folder names src/schemas/<resource>/schema.json', () => {
    const problems = registryProblems(input({ types: [{ meta: throwAway }] }));
    expect(problems.map((p) => p.file)).toContain(path.join(BUNDLED_SCHEMAS_DIR, 'test-note', 'schema.json'));
    expect(problems.find((p) => p.file.endsWith('schema.json'))!.message).toMatch(/Nota de prueba \(codDoc 05\): falta la carpeta de esquemas/);
  });

  // The XSD folder copied, the throw-away XSD added (any XSD will do for a file check).
  const withXsd = () => {
    const dir = path.join(tmp, 'xsd');
    cpSync(xsdDir(), dir, { recursive: true });
    cpSync(path.join(dir, 'NotaDebito_V1.0.0.xsd'), path.join(dir, 'NotaPrueba_V1.0.0.xsd'));
    return dir;
  };
  const testNoteSchema = (name: string) => (name === 'test-note' ? { schema: { 'x-resource': 'test-note' } } : schemas.get(name));
  const testNoteEditor = path.join(editorsDir, 'test-note', 'Editor.tsx');

  it('with its XSD and schema folder in place, the editor folder is still asked for', () => {
    const problems = registryProblems(input({ types: [{ meta: throwAway }], xsdDir: withXsd(), schemaNamed: testNoteSchema }));
    expect(problems.map((p) => p.file)).toEqual([testNoteEditor]);
    const editor = problems.find((p) => p.file === testNoteEditor)!;
    expect(editor.message).toBe(`Nota de prueba (codDoc 05): falta la carpeta de su editor; cree ${testNoteEditor} (copie la carpeta de un tipo parecido, cambie sus campos y su modelo; se registra sola por el nombre de la carpeta)`);
    expect(() => assertRegistryComplete(input({ types: [{ meta: throwAway }], xsdDir: withXsd(), schemaNamed: testNoteSchema }))).toThrow(testNoteEditor);
  });

  it('an editor folder without its Editor.tsx is refused naming the file; with it the type is complete', () => {
    // A copy of the editors' folder with the throw-away type's folder, first empty, then with its entry file.
    const dir = path.join(tmp, 'editors');
    cpSync(editorsDir, dir, { recursive: true });
    mkdirSync(path.join(dir, 'test-note'));
    const check = () => registryProblems(input({ types: [{ meta: throwAway }], xsdDir: withXsd(), schemaNamed: testNoteSchema, editorsDir: dir }));
    const expected = path.join(dir, 'test-note', 'Editor.tsx');
    expect(check()).toEqual([{ codDoc: '05', file: expected, message: `Nota de prueba (codDoc 05): la carpeta ${path.join(dir, 'test-note')} no tiene su editor; cree ${expected} (export default del componente del editor)` }]);
    writeFileSync(expected, 'export default function TestNoteEditor() { return null; }\n');
    expect(check()).toEqual([]);
  });

  it('a shipped type whose editor folder is gone stops the start naming its Editor.tsx', () => {
    const dir = path.join(tmp, 'editors-without-debit-note');
    cpSync(editorsDir, dir, { recursive: true });
    rmSync(path.join(dir, 'debit-note'), { recursive: true });
    const [problem, ...rest] = registryProblems(input({ editorsDir: dir }));
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ codDoc: '05', file: path.join(dir, 'debit-note', 'Editor.tsx') });
    expect(problem.message).toMatch(/^Nota de débito \(codDoc 05\): falta la carpeta de su editor/);
  });

  it('a built deployment (no sources shipped) skips the editor check', () => {
    expect(registryProblems(input({ types: [{ meta: throwAway }], xsdDir: withXsd(), schemaNamed: testNoteSchema, editorsDir: undefined }))).toEqual([]);
  });

  it("a schema folder copied from another type, still naming the other's x-resource, is refused naming the fix", () => {
    const schemaNamed = (name: string) => (name === 'debit-note' ? { schema: { ...schemas.get('debit-note')!.schema, 'x-resource': 'credit-note' } } : schemas.get(name));
    const [problem, ...rest] = registryProblems(input({ schemaNamed }));
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ codDoc: '05', file: path.join(BUNDLED_SCHEMAS_DIR, 'debit-note', 'schema.json') });
    expect(problem.message).toMatch(/"x-resource": "credit-note"; debe decir "x-resource": "debit-note"/);
  });

  it('a schema without x-renderer is complete: the editor is found by the resource', () => {
    const schemaNamed = (name: string) => (name === 'debit-note' ? { schema: { type: 'object', 'x-resource': 'debit-note' } } : schemas.get(name));
    expect(registryProblems(input({ schemaNamed }))).toEqual([]);
  });
});
