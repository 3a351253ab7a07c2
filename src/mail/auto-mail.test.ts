import { describe, expect, it } from 'vitest';
import { classifyMail } from './auto-mail.js';

const own = new Set(['support@example.com']);
const kind = (headers: Record<string, string>, from: string | null = 'jane@customer.example') =>
  classifyMail({ header: (name) => headers[name], from, ownAddresses: own });

describe('automatic mail', () => {
  it('takes ordinary mail for a person', () => {
    expect(kind({})).toBe('mail');
    expect(kind({ 'auto-submitted': 'no' })).toBe('mail');
    expect(kind({ precedence: 'first-class' })).toBe('mail');
  });

  it('recognises auto-replies and list mail', () => {
    expect(kind({ 'auto-submitted': 'auto-replied' })).toBe('automatic');
    expect(kind({ 'auto-submitted': 'auto-generated' })).toBe('automatic');
    for (const p of ['bulk', 'junk', 'list', 'auto_reply', ' Bulk ']) expect(kind({ precedence: p })).toBe('automatic');
    expect(kind({ 'x-autoreply': 'yes' })).toBe('automatic');
  });

  it('recognises delivery reports and bounce senders', () => {
    expect(kind({ 'content-type': 'multipart/report; report-type=delivery-status; boundary=x' })).toBe('bounce');
    expect(kind({}, 'MAILER-DAEMON@mx.example.net'.toLowerCase())).toBe('bounce');
    expect(kind({}, 'postmaster@mx.example.net')).toBe('bounce');
    expect(kind({ 'return-path': '<>' })).toBe('bounce');
  });

  it("recognises the service's own addresses", () => {
    expect(kind({}, 'support@example.com')).toBe('own');
  });
});
