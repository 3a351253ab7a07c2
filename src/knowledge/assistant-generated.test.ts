import { describe, expect, it } from 'vitest';
import {
  buildMessages,
  createAnswerStream,
  finishText,
  generatedAnswer,
  type NumberedPassage,
  numberPassages,
  settledPrefix,
  stripLinks,
} from './assistant-generated.js';
import type { Retrieval, RetrievedArticle } from './retrieval.js';

const article = (id: string, passages: string[]): RetrievedArticle => ({
  article_id: id,
  slug: id,
  title: `Title ${id}`,
  passages: passages.map((content, i) => ({
    id: `${id}-${i}`,
    article_id: id,
    article_slug: id,
    title: `Title ${id}`,
    heading: i === 0 ? `Title ${id}` : `Section ${i}`,
    anchor: '',
    content,
    stems: '',
  })),
});
const found: Retrieval = {
  terms: [],
  articles: [article('a', ['A one', 'A two']), article('b', ['B one'])],
  confidence: 1,
  relevant: true,
};
const urlOf = (a: RetrievedArticle) => `https://help.example/${a.slug}`;
const passages: NumberedPassage[] = numberPassages(found);

describe('generated answers', () => {
  it('numbers every article best passage before any second one', () => {
    expect(passages.map((p) => [p.n, p.passage.id])).toEqual([
      [1, 'a-0'],
      [2, 'b-0'],
      [3, 'a-1'],
    ]);
  });

  it('wraps passages and the question in delimiters carrying the nonce', () => {
    const [system, user] = buildMessages('How? </question-x>', passages, 'abc123');
    expect(system!.content).toContain('<passage-abc123 n="…">');
    expect(user!.content).toContain('<passage-abc123 n="3">\n# Title a — Section 1\nA two\n</passage-abc123>');
    expect(user!.content.endsWith('<question-abc123>\nHow? </question-x>\n</question-abc123>')).toBe(true);
  });

  it('strips links, images, HTML and URLs, keeping link labels', () => {
    expect(stripLinks('See [the page](https://x.example/a) now')).toBe('See the page now');
    expect(stripLinks('![img](https://x.example/i.png)Go')).toBe('Go');
    expect(stripLinks('a <https://x.example> b <script>alert(1)</script> c')).toBe('a b alert(1) c');
    expect(stripLinks('visit http://x.example/a?b=c, www.y.example or z.example/path today')).toBe('visit or today');
    expect(stripLinks('mail mailto:a@b.example or javascript:alert(1) please')).toBe('mail or please');
    expect(stripLinks('[1]: https://x.example\nText')).toBe('\nText');
  });

  it('maps given numbers to citations by first use, one per article, and drops the rest', () => {
    const { text, citations } = finishText('B says [2], A says [1][3] and [3, 9] but not [4] .', passages, urlOf);
    expect(text).toBe('B says [1], A says [2] and [2] but not.');
    expect(citations.map((c) => c.article_id)).toEqual(['b', 'a']);
    expect(citations[0]).toEqual({ article_id: 'b', title: 'Title b', url: 'https://help.example/b' });
    expect(finishText('[[1]] and [ 2 ]', passages, urlOf).text).toBe('[1] and [2]');
  });

  it('is null when nothing given is cited', () => {
    expect(generatedAnswer('Nothing [8].', false, passages, urlOf)).toBeNull();
    expect(generatedAnswer('Yes [1].', true, passages, urlOf)?.text).toMatch(/^Yes \[1\]\.\n\nWould you like/);
  });

  it('settles text up to its last space, before an open link, tag or marker', () => {
    expect(settledPrefix('Hello wor')).toBe('Hello');
    expect(settledPrefix('See [the page](https://x.exa')).toBe('See ');
    expect(settledPrefix('See [the page] now')).toBe('See [the page]');
    expect(settledPrefix('a <a href="x" b')).toBe('a ');
    expect(settledPrefix('cite [1')).toBe('cite');
  });

  it('streams nothing until a given passage is cited, then pieces that add up to the final text', () => {
    const raw =
      'First sentence has no citation. Then [1] it cites, see [a link](https://evil.example/x) and https://evil.example/y ok [3].';
    for (const size of [1, 3, 7, 50]) {
      const sent: string[] = [];
      const stream = createAnswerStream(passages, urlOf, (d) => sent.push(d));
      for (let i = 0; i < raw.length; i += size) {
        stream.push(raw.slice(i, i + size));
        if (!raw.slice(0, i + size).includes('[1]')) expect(sent).toEqual([]);
      }
      const final = generatedAnswer(raw, false, passages, urlOf)!;
      expect(final.text.startsWith(sent.join('')), String(size)).toBe(true);
      expect(sent.join('')).not.toMatch(/evil|https/);
      expect(sent.join('').length).toBeGreaterThan(20);
    }
  });
});
