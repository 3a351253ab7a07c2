import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeReplyToken, encodeReplyToken, makeMessageId, ticketFromMessageId } from './reply-token.js';

const key = randomBytes(32);
const org = '0193a3c2-7d3e-7c4a-9d51-4f7a2b1c9e10';
const ticket = '0193a3c2-8000-7abc-8def-0123456789ab';

describe('reply tokens', () => {
  it('round-trips, in any letter case', () => {
    const token = encodeReplyToken(key, org, ticket);
    expect(token).toMatch(/^[0-9a-f]{48}$/);
    expect(decodeReplyToken(key, org, token)).toBe(ticket);
    expect(decodeReplyToken(key, org, token.toUpperCase())).toBe(ticket);
  });

  it('refuses forged, altered, foreign and malformed tokens', () => {
    const token = encodeReplyToken(key, org, ticket);
    const other = '0193a3c2-8000-7abc-8def-0123456789ac';
    // Another ticket's id with this ticket's tag, a flipped tag bit, another key, another organization.
    expect(decodeReplyToken(key, org, uuidHex(other) + token.slice(32))).toBeNull();
    const flipped = token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
    expect(decodeReplyToken(key, org, flipped)).toBeNull();
    expect(decodeReplyToken(randomBytes(32), org, token)).toBeNull();
    expect(decodeReplyToken(key, '0193a3c2-7d3e-7c4a-9d51-4f7a2b1c9e11', token)).toBeNull();
    for (const bad of ['', 'abc', `${token}0`, token.slice(1), `${token.slice(0, -1)}g`]) {
      expect(decodeReplyToken(key, org, bad)).toBeNull();
    }
  });

  it('makes Message-IDs that name the ticket and differ each time', () => {
    const a = makeMessageId(key, org, ticket, 'mail.example.com');
    const b = makeMessageId(key, org, ticket, 'mail.example.com');
    expect(a).toMatch(/^<[0-9a-f]{48}\.[0-9a-f]{16}@mail\.example\.com>$/);
    expect(a).not.toBe(b);
    expect(ticketFromMessageId(key, org, a)).toBe(ticket);
    expect(ticketFromMessageId(key, org, a.slice(1, -1))).toBe(ticket);
    expect(ticketFromMessageId(key, org, '<CAF=abc@mail.gmail.com>')).toBeNull();
  });
});

const uuidHex = (id: string) => id.replace(/-/g, '');
