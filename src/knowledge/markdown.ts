import { Marked, type Token, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { slugify } from '../shared/slug.js';

// Article bodies: Markdown written by staff, rendered to HTML once when the article is saved, then
// sanitized (an article may be pasted from anywhere): no scripts, no event handlers, no style, only
// http(s), mailto and tel links. Headings get ids so that passages can be linked to.

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'del', 'input'],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    h1: ['id'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    h5: ['id'],
    h6: ['id'],
    code: ['class'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
    input: ['type', 'checked', 'disabled'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // External links from an article must not hand the help center's window to the page they open.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer' }) },
};

/** The anchor of a heading (also the id its HTML gets). */
export const headingAnchor = (text: string): string => slugify(text, 'section');

function markedWithAnchors(): Marked {
  const m = new Marked({ gfm: true, async: false });
  m.use({
    renderer: {
      heading(this: { parser: { parseInline(tokens: Token[]): string } }, { tokens, depth, text }: Tokens.Heading) {
        return `<h${depth} id="${headingAnchor(text)}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
    },
  });
  return m;
}

const renderer = markedWithAnchors();

/** The article's HTML: its Markdown rendered and sanitized. */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(renderer.parse(markdown, { async: false }) as string, SANITIZE);
}

/** Text without markup (for search, snippets and quotes). */
export function plainText(markdown: string): string {
  const html = renderer.parse(markdown, { async: false }) as string;
  return sanitizeHtml(html.replace(/<\/(p|li|h\d|tr|pre|blockquote)>/g, '\n'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}

export interface PassageDraft {
  position: number;
  heading: string;
  anchor: string;
  content: string;
}

/** Longest passage (characters): longer sections are cut at paragraph ends. */
const PASSAGE_MAX = 1_200;

/**
 * The article split into passages: one per section (a heading of level 1–3 starts one; text before
 * the first heading is the introduction, headed by the title), long sections cut at paragraphs.
 */
export function splitPassages(title: string, markdown: string): PassageDraft[] {
  const sections: { heading: string; raw: string[] }[] = [{ heading: title, raw: [] }];
  for (const token of renderer.lexer(markdown)) {
    if (token.type === 'heading' && (token as Tokens.Heading).depth <= 3) {
      sections.push({ heading: (token as Tokens.Heading).text, raw: [] });
    } else sections[sections.length - 1]!.raw.push(token.raw);
  }
  const out: PassageDraft[] = [];
  for (const section of sections) {
    const heading = plainText(section.heading) || title;
    let chunk = '';
    const flush = () => {
      const content = plainText(chunk);
      if (content !== '') out.push({ position: out.length, heading, anchor: headingAnchor(heading), content });
      chunk = '';
    };
    for (const raw of section.raw) {
      if (chunk.length > 0 && chunk.length + raw.length > PASSAGE_MAX) flush();
      chunk += raw;
    }
    flush();
  }
  if (out.length === 0) out.push({ position: 0, heading: title, anchor: headingAnchor(title), content: title });
  return out;
}
