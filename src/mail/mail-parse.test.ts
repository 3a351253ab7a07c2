import { describe, expect, it } from 'vitest';
import {
  headerMessageId,
  messageIds,
  parseMail,
  repairC1Controls,
  repairMislabelledUtf8,
  storageKey,
} from './mail-parse.js';

describe('mail parsing', () => {
  it('reads Message-IDs with or without brackets, and from the header block alone', () => {
    expect(messageIds('<a@x> <b@y>')).toEqual(['a@x', 'b@y']);
    expect(messageIds(' bare@x ')).toEqual(['bare@x']);
    expect(messageIds('not an id')).toEqual([]);
    const raw = Buffer.from('Subject: s\r\nMessage-ID:\r\n <folded@x>\r\n\r\nMessage-ID: <body@x>\r\n');
    expect(headerMessageId(raw)).toBe('folded@x');
    expect(headerMessageId(Buffer.from('Subject: s\r\n\r\nMessage-ID: <body@x>\r\n'))).toBeNull();
    expect(storageKey(null, Buffer.from('x'))).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('repairs UTF-8 read as Latin-1 and Windows-1252 read as Latin-1, and leaves good text alone', () => {
    expect(repairMislabelledUtf8('GrÃ¼ÃŸe')).toBe('GrÃ¼ÃŸe'); // Ÿ is not Latin-1: left alone
    expect(repairMislabelledUtf8('KÃ¶ln')).toBe('Köln');
    expect(repairMislabelledUtf8('Köln')).toBe('Köln');
    expect(repairC1Controls('\u0093quoted\u0094 \u00805')).toBe('“quoted” €5');
    expect(repairC1Controls('a\u0000b')).toBe('ab');
  });

  it('separates the new text of a reply from the quoted history, and names a subject-less mail', async () => {
    const raw = [
      'From: Jane <jane@x.example>',
      'Subject: ',
      'In-Reply-To: <one@x>',
      'References: <zero@x> <one@x>',
      '',
      'Thanks, that fixed it.',
      '',
      'On Fri, 27 Nov 2026 at 10:00, Support <support@example.com> wrote:',
      '> Please try again.',
      '',
    ].join('\r\n');
    const mail = await parseMail(Buffer.from(raw));
    expect(mail.content).toBe('Thanks, that fixed it.');
    expect(mail.fullText).toContain('> Please try again.');
    expect(mail.subject).toBe('(no subject)');
    expect(mail.referencedIds).toEqual(['one@x', 'zero@x']);
    expect(mail.from).toEqual({ address: 'jane@x.example', name: 'Jane' });
  });
});
