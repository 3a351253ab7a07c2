import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cursorKey, openCursor, sealCursor, START } from './event-cursor.js';

const key = cursorKey(randomBytes(32));
const ORG_A = '6f1c2a8e-0b7d-4c55-9d1e-3a2b4c5d6e7f';
const ORG_B = '0a9b8c7d-6e5f-4a3b-8c1d-2e3f4a5b6c7d';

describe('event cursors', () => {
  it('round-trip positions for the organization they were sealed for', () => {
    for (const p of [START, { xid: '0', seq: 42 }, { xid: '18446744073709551615', seq: 9007199254740991 }]) {
      expect(openCursor(key, ORG_A, sealCursor(key, ORG_A, p))).toEqual(p);
    }
  });

  it('are deterministic, of one length, and show nothing of the position', () => {
    const a = sealCursor(key, ORG_A, { xid: '0', seq: 7 });
    expect(sealCursor(key, ORG_A, { xid: '0', seq: 7 })).toBe(a);
    const others = [1, 8, 1_000_000].map((seq) => sealCursor(key, ORG_A, { xid: '0', seq }));
    for (const c of [a, ...others]) expect(c).toMatch(/^evc_[A-Za-z0-9_-]{59}$/);
    expect(new Set([a, ...others]).size).toBe(4);
    // Neighbouring positions share no visible structure beyond the prefix.
    const [p, q] = [sealCursor(key, ORG_A, { xid: '0', seq: 100 }), sealCursor(key, ORG_A, { xid: '0', seq: 101 })];
    expect(p.slice(4, 20)).not.toBe(q.slice(4, 20));
  });

  it('do not open for another organization, under another key, or once altered', () => {
    const c = sealCursor(key, ORG_A, { xid: '123', seq: 5 });
    expect(openCursor(key, ORG_B, c)).toBeNull();
    expect(openCursor(cursorKey(randomBytes(32)), ORG_A, c)).toBeNull();
    const bytes = Buffer.from(c.slice(4), 'base64url');
    for (let i = 0; i < bytes.length; i++) {
      const altered = Buffer.from(bytes);
      altered[i] ^= 1;
      expect(openCursor(key, ORG_A, `evc_${altered.toString('base64url')}`), `byte ${i}`).toBeNull();
    }
  });

  it('refuse anything that is not a canonical sealed cursor', () => {
    const c = sealCursor(key, ORG_A, START);
    const b64 = (s: string) => `evc_${Buffer.from(s).toString('base64url')}`;
    for (const raw of ['', 'evc_', 'abc', b64('1:0:1'), `${c}=`, `${c}A`, c.slice(0, -1), 'evc_!!!', c.toUpperCase()]) {
      expect(openCursor(key, ORG_A, raw), raw).toBeNull();
    }
    // The last character carries 2 unused bits: only the spelling with them clear is accepted.
    const last = c.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) ^ 1];
    expect(openCursor(key, ORG_A, c.slice(0, -1) + sibling)).toBeNull();
  });

  it('need a secret of at least 32 bytes', () => {
    expect(() => cursorKey(randomBytes(16))).toThrow();
  });
});
