import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, START } from './event-cursor.js';

describe('event cursors', () => {
  it('round-trips positions', () => {
    for (const p of [START, { xid: '0', seq: 42 }, { xid: '18446744073709551615', seq: 9007199254740991 }]) {
      expect(decodeCursor(encodeCursor(p))).toEqual(p);
    }
  });

  it('refuses anything that is not a canonical cursor', () => {
    const b64 = (s: string) => `evc_${Buffer.from(s).toString('base64url')}`;
    for (const raw of [
      '',
      'evc_',
      'abc',
      b64('2:0:1'),
      b64('1:01:1'),
      b64('1:1:-1'),
      b64('1:18446744073709551616:1'),
      `${b64('1:1:1')}=`,
      'evc_!!!',
    ]) {
      expect(decodeCursor(raw), raw).toBeNull();
    }
  });
});
