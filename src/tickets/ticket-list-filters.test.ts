import { describe, expect, it } from 'vitest';
import { parseTeamFilter } from './ticket-list-filters.js';

const a = '0b7e5b1e-1111-4aaa-8bbb-000000000001';
const b = '0b7e5b1e-1111-4aaa-8bbb-000000000002';

describe('parseTeamFilter', () => {
  it('reads mine in any case', () => {
    expect(parseTeamFilter('mine')).toBe('mine');
    expect(parseTeamFilter(' MINE ')).toBe('mine');
  });

  it('reads a comma list, deduplicated and lower-cased, in a stable order', () => {
    expect(parseTeamFilter(`${b}, ${a.toUpperCase()},${b}`)).toEqual([a, b]);
  });

  it('refuses anything that is not a team id', () => {
    for (const bad of ['x', `${a},`, `${a};${b}`, "' OR 1=1 --", '<script>'])
      expect(() => parseTeamFilter(bad), bad).toThrow(/team_id/);
  });

  it('refuses more than 20 teams', () => {
    const ids = Array.from({ length: 21 }, (_, i) => `0b7e5b1e-1111-4aaa-8bbb-${String(i).padStart(12, '0')}`);
    expect(() => parseTeamFilter(ids.join(','))).toThrow(/at most 20/);
    expect(parseTeamFilter(ids.slice(0, 20).join(','))).toHaveLength(20);
  });
});
