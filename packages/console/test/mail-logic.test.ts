import { describe, expect, it } from 'vitest';
import {
  emptyMailboxForm,
  type Mailbox,
  mailboxBody,
  mailboxForm,
  mailboxStatusText,
  testMailSentText,
} from '../src/admin/mailbox-form';
import { attachmentsOf, attachmentUrl, deliveryText, fileSize, mailbox } from '../src/ticket/mail-text';
import type { Message } from '../src/types';

// The console's mail logic that needs no browser: a reply's delivery in words, attachments read defensively,
// and the mailbox form's body (write-only secrets, settings switched off sent as null).

const message = (extra: Record<string, unknown> = {}): Message =>
  ({
    id: 'm1',
    content: 'hi',
    type: 'OUTBOUND',
    author: null,
    created_at: '2026-11-28T05:00:00.000Z',
    delivery: null,
    ...extra,
  }) as Message;

const stored: Mailbox = {
  id: 'b1',
  name: 'Support',
  address: 'support@example.com',
  from_name: 'Acme',
  imap: { host: 'imap.example.com', port: 993, tls: 'implicit', username: 'support', folder: 'INBOX' },
  smtp: { host: 'smtp.example.com', port: 587, tls: 'starttls', username: null },
  status: 'active',
  last_error: null,
  last_polled_at: null,
  created_at: '2026-11-28T05:00:00.000Z',
  updated_at: '2026-11-28T05:00:00.000Z',
};

describe('delivery text', () => {
  const d = (extra: Record<string, unknown>) =>
    ({ channel: 'email', status: 'queued', attempt_count: 0, last_error: null, sent_at: null, ...extra }) as never;

  it('says queued, retrying with the attempts and last error, sent with its time, failed with the reason', () => {
    expect(deliveryText(d({}))).toBe('Mail queued');
    expect(deliveryText(d({ attempt_count: 2, last_error: 'connect ECONNREFUSED' }))).toBe(
      'Mail queued, retrying (2 attempts so far; last error: connect ECONNREFUSED)',
    );
    expect(deliveryText(d({ status: 'sent', attempt_count: 1, sent_at: 'T' }), (iso) => `at ${iso}`)).toBe(
      'Mail sent at T',
    );
    expect(deliveryText(d({ status: 'failed', attempt_count: 1, last_error: '550 no such user' }))).toBe(
      'Mail failed after 1 attempt: 550 no such user',
    );
    expect(deliveryText(d({ status: 'failed', attempt_count: 5 }))).toBe('Mail failed after 5 attempts');
  });
});

describe('attachments', () => {
  it('lists complete entries only, and none when the server has no such field', () => {
    expect(attachmentsOf(message())).toEqual([]);
    expect(attachmentsOf(message({ attachments: 'nope' }))).toEqual([]);
    const good = { id: 'a1', filename: 'invoice.pdf', content_type: 'application/pdf', size: 2048 };
    expect(attachmentsOf(message({ attachments: [good, null, { id: 'a2' }, { ...good, id: '' }] }))).toEqual([good]);
  });

  it('downloads through the API with the id escaped; sizes as people read them', () => {
    expect(attachmentUrl('a/../b')).toBe('/api/v1/attachments/a%2F..%2Fb');
    expect(fileSize(1)).toBe('1 byte');
    expect(fileSize(900)).toBe('900 bytes');
    expect(fileSize(2048)).toBe('2.0 KB');
    expect(fileSize(300 * 1024)).toBe('300 KB');
    expect(fileSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });

  it('names a sender with the address, or the address alone', () => {
    expect(mailbox('Jane', 'jane@example.com')).toBe('Jane <jane@example.com>');
    expect(mailbox(null, 'jane@example.com')).toBe('jane@example.com');
  });
});

describe('mailbox form', () => {
  it('creates with settings switched off sent as null and no empty secrets', () => {
    const form = { ...emptyMailboxForm(), name: ' Support ', address: 'support@example.com ' };
    expect(mailboxBody(form)).toEqual({
      name: 'Support',
      address: 'support@example.com',
      from_name: null,
      imap: null,
      smtp: null,
    });
  });

  it('sends typed passwords and the port as a number', () => {
    const form = emptyMailboxForm();
    form.name = 'S';
    form.address = 's@example.com';
    form.imap = { ...form.imap, enabled: true, host: 'imap.example.com', username: 'u', password: 'p1' };
    form.smtp = { ...form.smtp, enabled: true, host: 'smtp.example.com', password: 'p2' };
    form.mailgunKey = 'key-1';
    expect(mailboxBody(form)).toMatchObject({
      imap: { host: 'imap.example.com', port: 993, tls: 'implicit', username: 'u', folder: 'INBOX', password: 'p1' },
      smtp: { host: 'smtp.example.com', port: 587, tls: 'starttls', username: null, password: 'p2' },
      mailgun_signing_key: 'key-1',
    });
  });

  it('edits a stored mailbox with every secret empty, and leaves untouched secrets out of the body', () => {
    const form = mailboxForm(stored);
    expect(form.imap.password).toBe('');
    expect(form.smtp.password).toBe('');
    expect(form.mailgunKey).toBe('');
    const body = mailboxBody(form);
    expect(body.imap).toEqual({
      host: 'imap.example.com',
      port: 993,
      tls: 'implicit',
      username: 'support',
      folder: 'INBOX',
    });
    expect(body.smtp).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('mailgun_signing_key');
    expect(mailboxBody({ ...form, smtp: { ...form.smtp, enabled: false } }).smtp).toBeNull();
  });

  it('says the status and the test result in words', () => {
    expect(mailboxStatusText({ ...stored, status: 'error', last_error: 'auth failed' })).toBe('Error: auth failed');
    expect(mailboxStatusText(stored)).toBe('Active');
    expect(testMailSentText({ data: { to: 'ada@example.com' } })).toBe('Test mail sent to ada@example.com.');
    expect(testMailSentText({ data: { status: 'queued' } })).toBe('Test mail queued.');
    expect(testMailSentText(undefined)).toBe('Test mail sent.');
  });
});
