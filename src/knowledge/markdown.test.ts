import { describe, expect, it } from 'vitest';
import { plainText, renderMarkdown, splitPassages } from './markdown.js';

describe('article Markdown', () => {
  it('renders Markdown with heading anchors', () => {
    const html = renderMarkdown('# Reset your password\n\nGo to **Settings**.\n\n[Docs](https://example.com)');
    expect(html).toContain('<h1 id="reset-your-password">Reset your password</h1>');
    expect(html).toContain('<strong>Settings</strong>');
    expect(html).toContain('<a href="https://example.com" rel="nofollow noopener noreferrer">Docs</a>');
  });

  it('removes scripts, event handlers, javascript: URLs and styles', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3))\n\n' +
        '<a href="JaVaScRiPt:alert(4)">x</a> <p style="color:red" onclick="y()">p</p>\n\n<iframe src="https://evil"></iframe>',
    );
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|style=|<iframe/i);
    expect(html).toContain('<p>p</p>');
  });

  it('gives plain text without markup', () => {
    expect(plainText('Hello **world** & <b>you</b>\n\n- one\n- two')).toBe('Hello world & you\none\ntwo');
  });

  it('splits at headings, with the title heading the introduction', () => {
    const passages = splitPassages(
      'Billing',
      'Intro text.\n\n## Invoices\n\nWhere invoices are.\n\n### Refunds\n\nHow.',
    );
    expect(passages.map((p) => [p.heading, p.anchor, p.content])).toEqual([
      ['Billing', 'billing', 'Intro text.'],
      ['Invoices', 'invoices', 'Where invoices are.'],
      ['Refunds', 'refunds', 'How.'],
    ]);
  });

  it('cuts long sections at paragraphs', () => {
    const para = `${'word '.repeat(150).trim()}.`;
    const passages = splitPassages('Long', [para, para, para].join('\n\n'));
    expect(passages.length).toBeGreaterThan(1);
    for (const p of passages) expect(p.content.length).toBeLessThanOrEqual(1_300);
  });
});
