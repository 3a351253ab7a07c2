import escapeHtml from 'escape-html';
import type { PublicCollection, PublicSearchResult } from '../knowledge/kb-public.js';
import type { PublishedArticle } from '../knowledge/kb-public.js';

// The help center's pages: plain server-rendered HTML that works without JavaScript. Every value
// from the database is escaped here, except an article's body_html, which was sanitized when the
// article was saved. No inline script or style: the pages run under a strict Content-Security-Policy.

export const HELP_CSP = [
  "default-src 'none'",
  "style-src 'self'",
  'img-src https: data:',
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const HELP_CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b1b1f;background:#fff}
header,main,footer{max-width:46rem;margin:0 auto;padding:1rem}
header{border-bottom:1px solid #ddd}header a{color:inherit;text-decoration:none;font-weight:600}
a{color:#0b57d0}a:focus,input:focus,button:focus{outline:3px solid #0b57d0;outline-offset:2px}
form{display:flex;gap:.5rem;margin:1rem 0}input[type=search]{flex:1;padding:.5rem;font:inherit}
button{padding:.5rem 1rem;font:inherit}ul{padding-left:1.2rem}.snippet{color:#444;margin:.2rem 0 1rem}
article img{max-width:100%}pre{overflow:auto;background:#f4f4f6;padding:.5rem}
.visually-hidden,.skip:not(:focus){position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}`;

export interface Site {
  /** The organization's current slug. */
  slug: string;
  title: string;
  /** The absolute base URL of the service (no trailing slash), for canonical links and the sitemap. */
  baseUrl: string;
}

export const helpPath = (slug: string, rest = ''): string => `/help/${encodeURIComponent(slug)}/${rest}`;
export const articlePath = (slug: string, articleSlug: string): string =>
  helpPath(slug, `articles/${encodeURIComponent(articleSlug)}`);

const e = (value: string): string => escapeHtml(value);

function layout(
  site: Site,
  page: { title: string; path: string; lang?: string; body: string; noindex?: boolean },
): string {
  const canonical = `${site.baseUrl}${page.path}`;
  return `<!doctype html>
<html lang="${e(page.lang ?? 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(page.title)}</title>
<link rel="canonical" href="${e(canonical)}">
<link rel="stylesheet" href="/help/assets/help.css">${page.noindex ? '\n<meta name="robots" content="noindex">' : ''}
</head>
<body>
<a href="#main" class="skip">Skip to content</a>
<header><a href="${e(helpPath(site.slug))}">${e(site.title)}</a></header>
<main id="main">
${searchForm(site)}
${page.body}
</main>
</body>
</html>
`;
}

function searchForm(site: Site, q = ''): string {
  return `<form role="search" method="get" action="${e(helpPath(site.slug, 'search'))}">
<label for="q" class="visually-hidden">Search the help center</label>
<input type="search" id="q" name="q" value="${e(q)}" maxlength="200" placeholder="Search the help center">
<button type="submit">Search</button>
</form>`;
}

export function homePage(site: Site, collections: PublicCollection[]): string {
  const sections = collections
    .map(
      (c) => `<section>
<h2>${e(c.name)}</h2>${c.description ? `\n<p>${e(c.description)}</p>` : ''}
<ul>
${c.articles.map((a) => `<li><a href="${e(articlePath(site.slug, a.slug))}">${e(a.title)}</a></li>`).join('\n')}
</ul>
</section>`,
    )
    .join('\n');
  const body = `<h1>${e(site.title)}</h1>\n${sections || '<p>No articles yet.</p>'}`;
  return layout(site, { title: site.title, path: helpPath(site.slug), body });
}

export function articlePage(site: Site, article: PublishedArticle): string {
  const updated = new Date(article.updated_at).toISOString();
  const body = `<article lang="${e(article.locale)}">
<h1>${e(article.title)}</h1>
<p><small>Updated <time datetime="${e(updated)}">${e(updated.slice(0, 10))}</time></small></p>
${article.body_html}
</article>`;
  return layout(site, {
    title: `${article.title} – ${site.title}`,
    path: articlePath(site.slug, article.slug),
    lang: article.locale,
    body,
  });
}

export function searchPage(site: Site, q: string, results: PublicSearchResult[]): string {
  const list =
    q.trim() === ''
      ? '<p>Type a question or a few words.</p>'
      : results.length === 0
        ? `<p>No articles match “${e(q)}”.</p>`
        : `<ol>
${results
  .map(
    (r) =>
      `<li><a href="${e(articlePath(site.slug, r.slug))}">${e(r.title)}</a><p class="snippet">${e(r.snippet)}</p></li>`,
  )
  .join('\n')}
</ol>`;
  const body = `<h1>Search results</h1>\n${list}`;
  return layout(site, {
    title: q ? `${q} – Search – ${site.title}` : `Search – ${site.title}`,
    path: helpPath(site.slug, 'search'),
    body,
    noindex: true,
  }).replace(searchForm(site), searchForm(site, q));
}

export function notFoundPage(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Not found</title><link rel="stylesheet" href="/help/assets/help.css"></head>
<body><main><h1>Not found</h1><p>There is no such page.</p></main></body>
</html>
`;
}

export function sitemap(site: Site, articles: PublishedArticle[]): string {
  const url = (path: string, updated?: number) =>
    `<url><loc>${e(`${site.baseUrl}${path}`)}</loc>${updated ? `<lastmod>${new Date(updated).toISOString()}</lastmod>` : ''}</url>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${[url(helpPath(site.slug)), ...articles.map((a) => url(articlePath(site.slug, a.slug), a.updated_at))].join('\n')}
</urlset>
`;
}
