import { describe, expect, it } from 'vitest';
import { isUuid, newTimeOrderedId } from './ids.js';

describe('newTimeOrderedId', () => {
  it('makes version-7 UUIDs that sort in the order they were made, within one millisecond too', () => {
    const ids = Array.from({ length: 5000 }, () => newTimeOrderedId(1_700_000_000_000));
    for (const id of ids) expect(isUuid(id) && id[14] === '7' && '89ab'.includes(id[19]!)).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    // The random part (variant and 62 bits) differs too, across refills of the random pool (512 ids each).
    expect(new Set(ids.map((id) => id.slice(19))).size).toBe(ids.length);
    const later = newTimeOrderedId(1_800_000_000_000);
    expect(later > ids.at(-1)!).toBe(true);
    expect(later.startsWith((1_800_000_000_000).toString(16).padStart(12, '0').slice(0, 8))).toBe(true);
  });
});
