/**
 * The comprobante registry's start-up check (issue 29): a type registered without its XSD, its
 * schema folder (or one still naming another type's x-resource) or its editor stops the start with a
 * message naming the file to add. (Its menu entry is built from its meta: tests/unit/server/menu-seed.)
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
const rendererFile = path.join(REPO_ROOT, 'src/renderers/custom-renderers.ts');
const tmp = mkdtempSync(path.join(tmpdir(), 'emite-registry-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The real inputs, with `over` replacing some. */
const input = (over: Partial<RegistryCheckInput> = {}): RegistryCheckInput => ({
  types: COMPROBANTE_TYPES,
  xsdDir: xsdDir(),
  schemasDir: BUNDLED_SCHEMAS_DIR,
  schemaNamed: (name) => schemas.get(name),
  rendererSource: readFileSync(rendererFile, 'utf8'),
  rendererFile,
  ...over,
});

/** A throw-away type copied from the nota de débito with another codDoc, root, XSD and resource. */
const throwAway: ComprobanteTypeMeta = { ...COMPROBANTE_TYPE_META['05'], codDoc: '05', label: 'Nota de prueba', rootElement: 'notaPrueba', xsdPrefix: 'NotaPrueba_V', versions: ['1.0.0'], defaultVersion: '1.0.0', resource: 'test-note', fileStem: 'nota-prueba' };

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

  it('a type missing its schema folder names src/schemas/<resource>/schema.json', () => {
    const problems = registryProblems(input({ types: [{ meta: throwAway }] }));
    expect(problems.map((p) => p.file)).toContain(path.join(BUNDLED_SCHEMAS_DIR, 'test-note', 'schema.json'));
    expect(problems.find((p) => p.file.endsWith('schema.json'))!.message).toMatch(/Nota de prueba \(codDoc 05\): falta la carpeta de esquemas/);
  });

  it('with its XSD and schema folder in place, the editor is still asked for', () => {
    // The XSD folder copied, the throw-away XSD added (any XSD will do for a file check).
    const dir = path.join(tmp, 'xsd');
    cpSync(xsdDir(), dir, { recursive: true });
    cpSync(path.join(dir, 'NotaDebito_V1.0.0.xsd'), path.join(dir, 'NotaPrueba_V1.0.0.xsd'));
    const schemaNamed = (name: string) => (name === 'test-note' ? { schema: { 'x-renderer': 'test-note-editor' } } : schemas.get(name));
    const problems = registryProblems(input({ types: [{ meta: throwAway }], xsdDir: dir, schemaNamed }));
    expect(problems.map((p) => p.file)).toEqual([rendererFile]);
    expect(problems.map((p) => p.message).join('\n')).toMatch(/registerRenderer\('test-note-editor'/);
  });

  it("a schema folder copied from another type, still naming the other's x-resource, is refused naming the fix", () => {
    const schemaNamed = (name: string) => (name === 'debit-note' ? { schema: { ...schemas.get('debit-note')!.schema, 'x-resource': 'credit-note' } } : schemas.get(name));
    const [problem, ...rest] = registryProblems(input({ schemaNamed }));
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ codDoc: '05', file: path.join(BUNDLED_SCHEMAS_DIR, 'debit-note', 'schema.json') });
    expect(problem.message).toMatch(/"x-resource": "credit-note"; debe decir "x-resource": "debit-note"/);
  });

  it('a schema without x-renderer is asked to name its editor', () => {
    const schemaNamed = (name: string) => (name === 'debit-note' ? { schema: { type: 'object' } } : schemas.get(name));
    const [problem] = registryProblems(input({ schemaNamed }));
    expect(problem.codDoc).toBe('05');
    expect(problem.message).toMatch(/"x-renderer": "debit-note-editor"/);
  });
});
