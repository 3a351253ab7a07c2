import { describe, expect, it } from 'vitest';
import { offsetOf, paginationMeta } from './pagination.js';

describe('pagination', () => {
  it.each([
    [1, 20, 0],
    [2, 20, 20],
    [3, 25, 50],
    [10, 1, 9],
  ])('page %i of %i per page starts at row %i', (page, limit, offset) => {
    expect(offsetOf({ page, limit })).toBe(offset);
  });

  it.each([
    [0, 0],
    [1, 1],
    [20, 1],
    [21, 2],
    [40, 2],
    [41, 3],
  ])('%i rows at 20 per page make %i pages', (total, pages) => {
    expect(paginationMeta({ page: 2, limit: 20 }, total)).toEqual({
      pagination: { page: 2, limit: 20, total, total_pages: pages },
    });
  });

  it('echoes the requested page and limit, even past the last page', () => {
    expect(paginationMeta({ page: 7, limit: 3 }, 10)).toEqual({
      pagination: { page: 7, limit: 3, total: 10, total_pages: 4 },
    });
  });

  it('adds total_capped only when the total was capped', () => {
    expect(paginationMeta({ page: 1, limit: 20 }, 10_000, true)).toEqual({
      pagination: { page: 1, limit: 20, total: 10_000, total_pages: 500, total_capped: true },
    });
    expect(Object.keys(paginationMeta({ page: 1, limit: 20 }, 5, false).pagination)).toEqual([
      'page',
      'limit',
      'total',
      'total_pages',
    ]);
    expect(Object.keys(paginationMeta({ page: 1, limit: 20 }, 5).pagination)).not.toContain('total_capped');
  });
});
