import { describe, expect, it } from 'vitest';
import { clientOptions } from './imap-connection.js';
import { describeImapError, pollerTimings } from './imap-poller.js';

describe('IMAP poller timings', () => {
  it('renews at most every 10 s, or at the poll interval when shorter, with a lease of six renewals', () => {
    expect(pollerTimings({ pollMs: 60_000 })).toMatchObject({
      heartbeatMs: 10_000,
      leaseMs: 60_000,
      backoffFirstMs: 1_000,
      backoffMaxMs: 300_000,
    });
    // A short interval renews as often, but a lease never lasts under 30 s (a slow database is no takeover).
    expect(pollerTimings({ pollMs: 1_000 })).toMatchObject({ heartbeatMs: 1_000, leaseMs: 30_000 });
    // A poll interval over 5 minutes is the longest pause between two connection attempts.
    expect(pollerTimings({ pollMs: 900_000 }).backoffMaxMs).toBe(900_000);
  });
});

describe('IMAP errors as a mailbox shows them', () => {
  it("keeps the server's words and the error code", () => {
    const err = Object.assign(new Error('Command failed'), { responseText: 'Authentication failed.' });
    expect(describeImapError(err, 'secret-pass')).toBe('Command failed: Authentication failed.');
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:143'), { code: 'ECONNREFUSED' });
    expect(describeImapError(refused, 'x')).toBe('connect ECONNREFUSED 127.0.0.1:143');
    expect(describeImapError('plain', '')).toBe('plain');
  });

  it('never shows the password, even when a server echoes it', () => {
    const err = Object.assign(new Error('LOGIN user hunter22 refused'), { responseText: 'bad hunter22' });
    const text = describeImapError(err, 'hunter22');
    expect(text).not.toContain('hunter22');
    expect(text).toContain('[redacted]');
    expect(describeImapError(new Error('x'.repeat(5_000)), 'pw').length).toBe(1_000);
  });
});

describe('IMAP connection options', () => {
  const account = {
    host: 'imap.example.com',
    port: 993,
    username: 'support',
    password: 'pw',
    folder: 'INBOX',
  };

  it('maps implicit TLS, required STARTTLS and clear text; never logs', () => {
    expect(clientOptions({ ...account, tls: 'implicit' })).toMatchObject({ secure: true, doSTARTTLS: undefined });
    expect(clientOptions({ ...account, tls: 'starttls' })).toMatchObject({ secure: false, doSTARTTLS: true });
    expect(clientOptions({ ...account, tls: 'none' })).toMatchObject({ secure: false, doSTARTTLS: false });
    expect(clientOptions({ ...account, tls: 'none' })).toMatchObject({
      logger: false,
      auth: { user: 'support', pass: 'pw' },
      disableBinary: true,
    });
  });
});
