import { describe, expect, it } from 'vitest';
import { attachmentDisposition, safeFilename } from './filenames.js';

describe('received file names', () => {
  it('drops directories and control characters, keeps everything else as text', () => {
    expect(safeFilename('../../etc/passwd', 'x')).toBe('passwd');
    expect(safeFilename('C:\\Users\\me\\report.pdf', 'x')).toBe('report.pdf');
    expect(safeFilename('a\u0000b\r\nc.txt', 'x')).toBe('abc.txt');
    expect(safeFilename('<script>.html', 'x')).toBe('<script>.html');
    expect(safeFilename('  Grüße.txt ', 'x')).toBe('Grüße.txt');
    for (const empty of [null, undefined, '', '   ', '.', '..', 'dir/'])
      expect(safeFilename(empty, 'fallback')).toBe('fallback');
  });

  it('cuts long names to 255 characters, keeping the extension', () => {
    const cut = safeFilename(`${'é'.repeat(400)}.pdf`, 'x');
    expect([...cut]).toHaveLength(255);
    expect(cut.endsWith('é.pdf')).toBe(true);
  });

  it('writes Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 8187)', () => {
    expect(attachmentDisposition('report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(attachmentDisposition('Résumé (final)*.txt')).toBe(
      `attachment; filename="R_sum_ (final)*.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28final%29%2A.txt`,
    );
    expect(attachmentDisposition('a"b\\c;d%e.txt')).toBe(
      `attachment; filename="a_b_c_d_e.txt"; filename*=UTF-8''a%22b%5Cc%3Bd%25e.txt`,
    );
    expect(attachmentDisposition('日本.txt')).toBe(
      `attachment; filename="__.txt"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.txt`,
    );
    expect(attachmentDisposition('漢')).toMatch(/^attachment; filename="_"/);
  });
});
