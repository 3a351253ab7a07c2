import { describe, expect, it } from 'vitest';
import { parseSearch } from './ticket-search.js';

describe('ticket search term', () => {
  it('recognises ticket numbers with or without #', () => {
    expect(parseSearch('#12')?.number).toBe(12);
    expect(parseSearch(' 0007 ')?.number).toBe(7);
    expect(parseSearch('123456789012345')?.number).toBe(123456789012345);
    expect(parseSearch('12a')?.number).toBeNull();
    expect(parseSearch('##12')?.number).toBeNull();
    expect(parseSearch('#')?.number).toBeNull();
    expect(parseSearch('1234567890123456')?.number).toBeNull();
  });

  it('carries the prepared term (trigram index or LIKE)', () => {
    expect(parseSearch('ab')).toMatchObject({ indexed: false, chars: 2, number: null });
    expect(parseSearch('abc')).toMatchObject({ indexed: true, likeVariants: [], likePattern: '%abc%', number: null });
    expect(parseSearch('😀😀')).toMatchObject({ indexed: false, chars: 2 });
    expect(parseSearch('A_')?.likeVariants).toEqual(['%a\\_%']);
    expect(parseSearch('   ')).toBeNull();
    expect(parseSearch(undefined)).toBeNull();
  });
});
