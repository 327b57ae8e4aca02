import { describe, expect, it } from 'vitest';
import { nextChunkSize } from '../../../server/domain/comprobantes/batch/run-batch.ts';

/** The chunk sizes a batch of `n` drafts is signed in, as signDrafts walks them. */
function chunks(n: number): number[] {
  const out: number[] = [];
  for (let i = 0, size = nextChunkSize(0, n); i < n; i += size, size = nextChunkSize(size, n - i)) out.push(Math.min(size, n - i));
  return out;
}

describe('batch sign chunks', () => {
  it('start small so the SRI gets a first lote after 10 signatures, and end small so the last lote it checks is short', () => {
    expect(chunks(200)).toEqual([10, 20, 40, 50, 40, 20, 10, 10]);
    expect(chunks(120)).toEqual([10, 20, 40, 30, 10, 10]);
  });

  it('never exceed a lote of 50, cover every draft once, and keep small batches in few chunks', () => {
    for (const n of [1, 7, 25, 60, 499, 500]) {
      const sizes = chunks(n);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(50);
      expect(sizes.every((s) => s > 0)).toBe(true);
    }
    expect(chunks(500).filter((s) => s === 50)).toHaveLength(7);
    expect(chunks(5)).toEqual([5]);
  });
});
