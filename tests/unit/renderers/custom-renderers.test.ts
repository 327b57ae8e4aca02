/**
 * Each comprobante type's editor is found by its resource (src/renderers/comprobantes/<resource>/Editor.tsx,
 * issue 29), with no line per type in custom-renderers.ts; the `<resource>-editor` names the bundled
 * schemas (and company-edited copies) carry in `x-renderer` keep opening the same editor.
 */
import { describe, expect, it } from 'vitest';
import { COMPROBANTE_TYPE_META } from '../../../core/comprobante-types.ts';
import { BUNDLED, type SchemaEntry } from '../../../src/engine/schema-registry.ts';
import { customRenderer, rendererFor } from '../../../src/renderers/custom-renderers.ts';

const resources = Object.values(COMPROBANTE_TYPE_META).map((m) => m.resource);
const entry = (name: string, schema: SchemaEntry['schema']): SchemaEntry => ({ name, schema, ui: {}, list: {} });

describe('comprobante editors are registered by resource', () => {
  it('every registered type has its own editor, found from its bundled schema', () => {
    const editors = resources.map((r) => rendererFor(BUNDLED[r]));
    expect(editors.every(Boolean)).toBe(true);
    expect(new Set(editors).size).toBe(resources.length);
  });

  it('a schema that names no x-renderer still gets its type’s editor by x-resource', () => {
    const bare = entry('credit-note', { type: 'object', 'x-resource': 'credit-note' });
    expect(rendererFor(bare)).toBe(rendererFor(BUNDLED['credit-note']));
  });

  it('the old x-renderer names open the same editor, and the resource wins over a stale one', () => {
    for (const r of resources) expect(customRenderer(`${r}-editor`)).toBe(rendererFor(BUNDLED[r]));
    const copied = entry('debit-note', { ...BUNDLED['debit-note'].schema, 'x-renderer': 'credit-note-editor' });
    expect(rendererFor(copied)).toBe(rendererFor(BUNDLED['debit-note']));
    expect(rendererFor(copied)).not.toBe(customRenderer('credit-note-editor'));
  });

  it('other schemas keep their named renderer or the generic form', () => {
    expect(rendererFor(BUNDLED.dashboard)).toBe(customRenderer('dashboard'));
    expect(rendererFor(BUNDLED.product)).toBeUndefined();
    // A company's schema-only record type is never taken for a comprobante, whatever its name.
    expect(rendererFor(entry('invoice', { type: 'object', 'x-storage': 'record' }))).toBeUndefined();
  });
});
