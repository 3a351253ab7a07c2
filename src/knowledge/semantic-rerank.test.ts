import { describe, expect, it } from 'vitest';
import { cosine, fuse } from './semantic-rerank.js';

describe('semantic re-ranking', () => {
  it('cosine: 1 for the same direction, 0 for orthogonal or empty vectors', () => {
    expect(cosine(Float32Array.from([1, 2]), Float32Array.from([2, 4]))).toBeCloseTo(1);
    expect(cosine(Float32Array.from([1, 0]), Float32Array.from([0, 3]))).toBe(0);
    expect(cosine(Float32Array.from([0, 0]), Float32Array.from([1, 1]))).toBe(0);
  });
  it('fuses keyword and semantic ranks (RRF): a candidate ranked well by both moves up', () => {
    const similarity = new Map([
      ['a', 0.1],
      ['b', 0.9],
      ['c', 0.5],
    ]);
    expect(fuse(['a', 'b', 'c'], similarity)).toEqual(['b', 'a', 'c']);
    // Equal fused scores keep the keyword order.
    expect(
      fuse(
        ['a', 'b'],
        new Map([
          ['b', 1],
          ['a', 0],
        ]),
      ),
    ).toEqual(['a', 'b']);
    expect(fuse(['a', 'b', 'c'], new Map())).toEqual(['a', 'b', 'c']);
  });
});
