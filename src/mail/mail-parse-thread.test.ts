import { describe, expect, it } from 'vitest';
import { parseMail } from './mail-parse.js';
import { OFF_THREAD_BYTES, parseMailOffThread } from './mail-parse-thread.js';

const mail = (fileBytes: number) => {
  const file = Buffer.alloc(fileBytes, 7).toString('base64').replace(/.{76}/g, '$&\r\n');
  return Buffer.from(
    [
      'From: Jane <jane@x.example>',
      'Subject: With a file',
      'Message-ID: <file@x.example>',
      'X-Custom: Yes',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'See the file.',
      '--b',
      'Content-Type: application/octet-stream',
      'Content-Disposition: attachment; filename="data.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      file,
      '--b--',
      '',
    ].join('\r\n'),
  );
};

describe('parsing large mail in a worker thread', () => {
  it('gives the same result as parsing on this thread, headers and files included', async () => {
    const raw = mail(600 * 1024);
    expect(raw.length).toBeGreaterThan(OFF_THREAD_BYTES);
    const [here, there] = await Promise.all([parseMail(raw), parseMailOffThread(raw)]);
    const { header: _h, ...hereData } = here;
    const { header: _t, ...thereData } = there;
    expect(thereData).toEqual(hereData);
    expect(there.header('X-Custom')).toBe('Yes');
    expect(there.header('x-missing')).toBeUndefined();
    expect(there.header('__proto__')).toBeUndefined();
    expect(there.attachments[0].content.byteLength).toBe(600 * 1024);
    expect(there.attachments[0].content.every((b) => b === 7)).toBe(true);
  }, 30_000);

  it('rejects unreadable mail as parseMail does', async () => {
    // A header block larger than the parser accepts.
    const raw = Buffer.from(`Subject: ${'x'.repeat(OFF_THREAD_BYTES + 10)}\r\n\r\nbody\r\n`);
    const here = await parseMail(raw).then(
      () => 'parsed',
      (err: Error) => err.message,
    );
    const there = await parseMailOffThread(raw).then(
      () => 'parsed',
      (err: Error) => err.message,
    );
    expect(there).toBe(here);
  }, 30_000);
});
