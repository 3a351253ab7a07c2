import { afterEach, describe, expect, it } from 'vitest';
import { parseMailData } from './mail-parse.js';
import { installPlainBlob, PlainBlob } from './plain-blob.js';

const nodeBlob = globalThis.Blob;
afterEach(() => {
  globalThis.Blob = nodeBlob;
});

const text = async (blob: PlainBlob) => Buffer.from(await blob.arrayBuffer()).toString('utf8');

describe('PlainBlob', () => {
  it('joins strings as UTF-8, buffers, views at an offset and other blobs, in order', async () => {
    const whole = new TextEncoder().encode('..view..');
    const view = whole.subarray(2, 6);
    const blob = new PlainBlob(['é-', new TextEncoder().encode('buffer-').buffer, view, new PlainBlob(['-inner'])]);
    expect(await text(blob)).toBe('é-buffer-view-inner');
    expect(blob.size).toBe(Buffer.byteLength('é-buffer-view-inner'));
    expect(new PlainBlob([42 as unknown as string]).size).toBe(2);
    expect(await text(new PlainBlob([42 as unknown as string]))).toBe('42');
    expect(new PlainBlob().size).toBe(0);
  });

  it('keeps a copy of its parts and hands out a new buffer of its own size on each read', async () => {
    const part = new Uint8Array([1, 2, 3]);
    const blob = new PlainBlob([part], { type: 'Application/Octet-Stream' });
    part[0] = 9;
    const first = await blob.arrayBuffer();
    const second = await blob.arrayBuffer();
    expect([...new Uint8Array(first)]).toEqual([1, 2, 3]);
    expect(first).not.toBe(second);
    // Its own buffer, not a view into a shared pool: safe to transfer to another thread.
    expect(first.byteLength).toBe(3);
    new Uint8Array(first)[1] = 7;
    expect([...new Uint8Array(second)]).toEqual([1, 2, 3]);
    expect(blob.type).toBe('application/octet-stream');
    expect(new PlainBlob(['x']).type).toBe('');
  });

  it('takes Blob’s place in the scope it is given', () => {
    const scope = { Blob: nodeBlob as unknown };
    installPlainBlob(scope);
    expect(scope.Blob).toBe(PlainBlob);
    expect(globalThis.Blob).toBe(nodeBlob);
    installPlainBlob();
    expect(globalThis.Blob).toBe(PlainBlob);
  });

  it('parses mail to the same result as Node’s Blob: text, quoted-printable, base64 and a plain file', async () => {
    const raw = Buffer.from(
      [
        'From: Jane Doe <jane@customer.example>',
        'To: support@help.example',
        'Subject: =?utf-8?q?Caf=C3=A9?= order',
        'Message-ID: <blob-1@customer.example>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b1"',
        '',
        '--b1',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Hello, my caf=C3=A9 order has not arrived.=',
        ' Thanks.',
        '',
        '> On Monday you wrote:',
        '> an earlier note',
        '--b1',
        'Content-Type: application/octet-stream; name="a.bin"',
        'Content-Disposition: attachment; filename="a.bin"',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from([0, 1, 2, 250, 251, 252]).toString('base64'),
        '--b1',
        'Content-Type: text/csv; name="b.csv"',
        'Content-Disposition: attachment; filename="b.csv"',
        '',
        'a,b',
        '1,2',
        '--b1--',
        '',
      ].join('\r\n'),
    );
    const withNode = await parseMailData(raw);
    installPlainBlob();
    const withPlain = await parseMailData(raw);
    expect(withPlain).toEqual(withNode);
    expect(withPlain.content).toContain('café order has not arrived. Thanks.');
    expect(withPlain.attachments.map((a) => [a.filename, [...a.content]])).toEqual([
      ['a.bin', [0, 1, 2, 250, 251, 252]],
      ['b.csv', [...Buffer.from('a,b\n1,2\n')]],
    ]);
  });
});
