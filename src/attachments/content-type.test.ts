import { describe, expect, it } from 'vitest';
import { bareType, plausiblyText, servedContentType, sniffContentType } from './content-type.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('content types of received files', () => {
  it('recognises binary formats by their bytes, whatever the mail claimed', async () => {
    expect(await sniffContentType(PNG, 'application/pdf')).toEqual({ contentType: 'image/png', extension: 'png' });
    expect((await sniffContentType(Buffer.from('%PDF-1.7\n%…'), 'text/html')).contentType).toBe('application/pdf');
  });

  it('lets text keep a text type it claimed, makes other claims text/plain, and binary octet-stream', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect((await sniffContentType(html, 'text/html; charset=utf-8')).contentType).toBe('text/html');
    expect((await sniffContentType(html, 'image/jpeg')).contentType).toBe('text/plain');
    expect((await sniffContentType(Buffer.from('{"a":1}'), 'application/json')).contentType).toBe('application/json');
    expect((await sniffContentType(Buffer.from('a,b\n1,2\n'), 'TEXT/CSV')).contentType).toBe('text/csv');
    expect((await sniffContentType(Buffer.from('Caf\xe9\r\n', 'latin1'), null)).contentType).toBe('text/plain');
    expect((await sniffContentType(Buffer.from([0, 1, 2, 3]), 'text/plain')).contentType).toBe(
      'application/octet-stream',
    );
    expect((await sniffContentType(Buffer.alloc(0), 'text/plain')).contentType).toBe('application/octet-stream');
    expect((await sniffContentType(Buffer.from('x'), 'not a type')).contentType).toBe('text/plain');
  });

  it('reads text as text: no NUL, almost no control characters', () => {
    expect(plausiblyText(Buffer.from('line\r\n\ttabbed\f\x1b[0m'))).toBe(true);
    expect(plausiblyText(Buffer.from('a\x00b'))).toBe(false);
    expect(plausiblyText(Buffer.from('\x01\x02\x03 text'))).toBe(false);
    expect(plausiblyText(Buffer.from('\ufeffhi', 'utf16le'))).toBe(false);
  });

  it('normalises declared types and serves executable ones as octet-stream', () => {
    expect(bareType(' Text/HTML ; charset=utf-8')).toBe('text/html');
    expect(bareType('<script>')).toBeNull();
    expect(bareType(null)).toBeNull();
    for (const type of ['text/html', 'image/svg+xml', 'application/xhtml+xml', 'text/xml', 'text/javascript']) {
      expect(servedContentType(type)).toBe('application/octet-stream');
    }
    for (const type of ['image/png', 'application/pdf', 'text/plain', 'message/rfc822']) {
      expect(servedContentType(type)).toBe(type);
    }
  });
});
