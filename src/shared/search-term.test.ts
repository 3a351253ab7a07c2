import { describe, expect, it } from 'vitest';
import { caseVariants, escapeLike, escapeRegex, ftsPhrase, parseSearchTerm, TRIGRAM_MIN } from './search-term.js';

describe('search term preparation', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(escapeLike('%%__\\\\')).toBe('\\%\\%\\_\\_\\\\\\\\');
    expect(escapeLike('plain [a-z] *')).toBe('plain [a-z] *');
  });

  it('quotes FTS5 phrases, doubling embedded quotes', () => {
    expect(ftsPhrase('say "hi"')).toBe('"say ""hi"""');
    expect(ftsPhrase('a"b"c')).toBe('"a""b""c"');
    expect(ftsPhrase("it's")).toBe('"it\'s"');
  });

  it('ignores an absent or blank term', () => {
    for (const raw of [undefined, '', '   ', '\t\n ']) expect(parseSearchTerm(raw)).toBeNull();
  });

  it('prepares a long term for the trigram indexes', () => {
    expect(TRIGRAM_MIN).toBe(3);
    expect(parseSearchTerm('  50% "off"_ ')).toEqual({
      text: '50% "off"_',
      chars: 10,
      indexed: true,
      ftsPhrase: '"50% ""off""_"',
      likePattern: '%50\\% "off"\\_%',
      emailIndexPattern: null,
      regex: '50\\%\\ \\"off\\"\\_',
      likeVariants: [],
    });
    expect(parseSearchTerm('abc')).toMatchObject({ chars: 3, indexed: true, likePattern: '%abc%', likeVariants: [] });
  });

  it('asks the email index for the part of an address before its first @, when it has 3+ characters', () => {
    expect(parseSearchTerm('Nora.G_1@umbrella.example')?.emailIndexPattern).toBe('%Nora.G\\_1%');
    expect(parseSearchTerm('nor@x')?.emailIndexPattern).toBe('%nor%');
    expect(parseSearchTerm('no@umbrella.example')?.emailIndexPattern).toBeNull();
    expect(parseSearchTerm('😀😀😀@x')?.emailIndexPattern).toBe('%😀😀😀%');
    expect(parseSearchTerm('😀@x')?.emailIndexPattern).toBeNull();
    expect(parseSearchTerm('@umbrella.example')?.emailIndexPattern).toBeNull();
    expect(parseSearchTerm('umbrella.example')?.emailIndexPattern).toBeNull();
    expect(parseSearchTerm('abc@d@e')?.emailIndexPattern).toBe('%abc%');
  });

  it('counts characters, not UTF-16 units, to decide between trigram index and LIKE', () => {
    expect(parseSearchTerm('😀😀')).toMatchObject({ text: '😀😀', chars: 2, indexed: false });
    expect(parseSearchTerm('😀😀😀')).toMatchObject({ chars: 3, indexed: true, likeVariants: [] });
  });

  it('escapes every ASCII character but letters and digits for a literal PostgreSQL regex', () => {
    expect(escapeRegex('a.b*c(d)[e]{f}|g^h$i?j+k\\l')).toBe('a\\.b\\*c\\(d\\)\\[e\\]\\{f\\}\\|g\\^h\\$i\\?j\\+k\\\\l');
    expect(escapeRegex('Öz 9_')).toBe('Öz\\ 9\\_');
  });

  it('prepares a short term with the case variants SQLite LIKE needs', () => {
    expect(parseSearchTerm(' aB ')).toEqual({
      text: 'aB',
      chars: 2,
      indexed: false,
      ftsPhrase: '"aB"',
      likePattern: '%aB%',
      emailIndexPattern: null,
      regex: 'aB',
      // LIKE folds ASCII case itself: one pattern.
      likeVariants: ['%ab%'],
    });
    expect(parseSearchTerm('a_')?.likeVariants).toEqual(['%a\\_%']);
    expect(parseSearchTerm('Öz')?.likeVariants).toEqual(['%Öz%', '%öz%']);
    expect(parseSearchTerm('%')).toMatchObject({
      chars: 1,
      indexed: false,
      likePattern: '%\\%%',
      likeVariants: ['%\\%%'],
    });
  });

  it('enumerates case variants, keeping only single-character case forms', () => {
    // Non-ASCII letters in both cases; ASCII ones once, in lower case (LIKE folds them).
    expect(caseVariants('öZ')).toEqual(['öz', 'Öz']);
    expect(caseVariants('AB')).toEqual(['ab']);
    expect(caseVariants('ab')).toEqual(['ab']);
    expect(caseVariants('éÉ')).toEqual(['éÉ', 'éé', 'ÉÉ', 'Éé']);
    expect(caseVariants('1%')).toEqual(['1%']);
    expect(caseVariants('')).toEqual(['']);
    // 'ß' upper-cases to 'SS' and 'ŉ' to 'ʼN': those forms are two characters and are left out.
    expect(caseVariants('ß')).toEqual(['ß']);
    expect(caseVariants('ßa')).toEqual(['ßa']);
    // A non-ASCII letter whose other case is ASCII: that form in lower case ('ſ' upper-cases to 'S', the
    // Kelvin sign lower-cases to 'k'); LIKE 's' matches 'S' too.
    expect(caseVariants('ſ')).toEqual(['ſ', 's']);
    expect(caseVariants('\u212a')).toEqual(['\u212a', 'k']);
    expect(caseVariants('ŉ')).toEqual(['ŉ']);
    // 'İ' lower-cases to 'i̇' (two code points).
    expect(caseVariants('İ')).toEqual(['İ']);
    expect(caseVariants('😀X')).toEqual(['😀x']);
  });
});
