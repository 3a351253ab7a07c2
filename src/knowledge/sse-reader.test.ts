import { describe, expect, it } from 'vitest';
import { createSseReader } from './sse-reader.js';

const read = (pieces: (string | Uint8Array)[]) => {
  const got: string[] = [];
  const reader = createSseReader((d) => got.push(d));
  for (const p of pieces) reader.push(p);
  reader.end();
  return got;
};

describe('server-sent events reader', () => {
  it('joins data lines, skips comments and other fields, ends messages at blank lines', () => {
    expect(read([': hi\nevent: x\ndata: {"a":1}\n\ndata: one\ndata:two\nid: 5\n\n'])).toEqual(['{"a":1}', 'one\ntwo']);
  });
  it('takes any split, CRLF and CR line ends (a CRLF cut between its halves too)', () => {
    const text = 'data: first\r\n\r\ndata: second\r\rdata: third\n\n';
    for (let cut = 0; cut <= text.length; cut++) {
      expect(read([text.slice(0, cut), text.slice(cut)]), String(cut)).toEqual(['first', 'second', 'third']);
    }
  });
  it('decodes UTF-8 split inside a character', () => {
    const bytes = new TextEncoder().encode('data: café ✓\n\n');
    expect(read([bytes.slice(0, 10), bytes.slice(10, 14), bytes.slice(14)])).toEqual(['café ✓']);
  });
  it('drops a message the stream cut before its blank line', () => {
    expect(read(['data: whole\n\ndata: cut'])).toEqual(['whole']);
  });
});
