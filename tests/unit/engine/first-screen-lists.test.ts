/**
 * The lists whose first page the boot script asks for (server/http/first-screen-preload.ts
 * firstScreenLists, read from the schema folders at build time) are the ones, with the API path and
 * query, that src/engine/first-screen.ts and the list screen ask for (schema-registry.ts, resources.ts).
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { firstScreenLists } from '../../../server/http/first-screen-preload.ts';
import { apiPathOf, BUNDLED, isPageSchema } from '../../../src/engine/schema-registry.ts';
import { listQuery } from '../../../src/engine/resources.ts';
import { listStateOf } from '../../../src/engine/useListController.ts';

describe('firstScreenLists', () => {
  it('every bundled list that needs no route parameter, with the API path and first-page query the app builds', () => {
    const lists = firstScreenLists(path.resolve('.'));
    const expected = Object.values(BUNDLED).filter((e) => e.name !== 'company' && !isPageSchema(e) && e.list.columns?.length && !/\{\w+\}/.test(e.schema['x-api'] ?? ''));
    expect(Object.keys(lists).sort()).toEqual(expected.map((e) => e.name).sort());
    expect(lists.invoice).toEqual({ api: '/api/invoice', sort: '-fechaEmision' });
    for (const e of expected) {
      const query = listQuery({ resource: e.name, ...listStateOf(new URLSearchParams(''), { defaultSort: e.list.defaultSort, filters: e.list.filters }) });
      const boot = new URLSearchParams({ page: '1', per_page: '20', ...(lists[e.name].sort ? { sort: lists[e.name].sort! } : {}) });
      expect(lists[e.name].api, e.name).toBe(apiPathOf(e));
      expect(boot.toString(), e.name).toBe(new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString());
    }
  });
});
