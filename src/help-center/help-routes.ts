import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { KbPublic } from '../knowledge/kb-public.js';
import type { OrgProfiles } from '../orgs/org-profile.js';
import { notFound } from '../shared/errors.js';
import type { App } from '../shared/http.js';
import { errorResponses } from '../shared/schemas.js';
import {
  articlePage,
  articlePath,
  HELP_CSP,
  HELP_CSS,
  helpPath,
  homePage,
  notFoundPage,
  type Site,
  searchPage,
  sitemap,
} from './help-pages.js';

// The public help center: no authentication. An organization is found by its slug (a former slug
// answers 301 to the current one); a disabled help center, and anything not published, is 404.

export interface HelpCenterDeps {
  orgProfiles: Pick<OrgProfiles, 'resolvePublic'>;
  kbPublic: Pick<KbPublic, 'home' | 'article' | 'published' | 'search'>;
  config: { publicUrl: string };
}

const SECURITY_HEADERS = {
  'content-security-policy': HELP_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

const SlugParams = Type.Object({ slug: Type.String() });
const ArticleParams = Type.Object({ slug: Type.String(), article_slug: Type.String() });
const SearchQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })) });

export const SearchResults = Type.Object({
  data: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      slug: Type.String(),
      snippet: Type.String(),
      url: Type.String(),
    }),
  ),
});

/** The organization behind the slug, or null after answering (404, or 301 to its current slug). */
export async function siteOf(
  deps: HelpCenterDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  slug: string,
  html: boolean,
): Promise<(Site & { organizationId: string }) | null> {
  const found = await deps.orgProfiles.resolvePublic(slug);
  if (!found?.profile.help_center.enabled) {
    if (!html) throw notFound('help center');
    await reply.code(404).headers(SECURITY_HEADERS).type('text/html; charset=utf-8').send(notFoundPage());
    return null;
  }
  if (found.redirectTo) {
    const prefix = `/help/${slug}`;
    const rest = request.url.startsWith(prefix) ? request.url.slice(prefix.length) : '/';
    await reply.redirect(`/help/${found.redirectTo}${rest}`, 301);
    return null;
  }
  return {
    organizationId: found.profile.id,
    slug: found.profile.slug,
    title: found.profile.help_center.title,
    baseUrl: deps.config.publicUrl.replace(/\/+$/, ''),
  };
}

const html = (reply: FastifyReply, body: string) =>
  reply.headers(SECURITY_HEADERS).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(body);

export async function registerHelpCenterRoutes(app: App, deps: HelpCenterDeps): Promise<void> {
  const hide = { hide: true };
  app.get('/help/assets/help.css', { schema: hide }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(HELP_CSS),
  );

  app.get('/help/:slug', { schema: { ...hide, params: SlugParams } }, async (request, reply) =>
    reply.redirect(helpPath(request.params.slug), 301),
  );

  app.get('/help/:slug/', { schema: { ...hide, params: SlugParams } }, async (request, reply) => {
    const site = await siteOf(deps, request, reply, request.params.slug, true);
    if (!site) return reply;
    return html(reply, homePage(site, await deps.kbPublic.home(site.organizationId)));
  });

  app.get(
    '/help/:slug/articles/:article_slug',
    { schema: { ...hide, params: ArticleParams } },
    async (request, reply) => {
      const site = await siteOf(deps, request, reply, request.params.slug, true);
      if (!site) return reply;
      const article = await deps.kbPublic.article(site.organizationId, request.params.article_slug);
      if (!article)
        return reply.code(404).headers(SECURITY_HEADERS).type('text/html; charset=utf-8').send(notFoundPage());
      // A former slug: the article's address is its current one.
      if (article.slug !== request.params.article_slug)
        return reply.redirect(articlePath(site.slug, article.slug), 301);
      return html(reply, articlePage(site, article));
    },
  );

  app.get(
    '/help/:slug/search',
    { schema: { ...hide, params: SlugParams, querystring: SearchQuery } },
    async (request, reply) => {
      const site = await siteOf(deps, request, reply, request.params.slug, true);
      if (!site) return reply;
      const q = request.query.q ?? '';
      const results = q.trim() === '' ? [] : await deps.kbPublic.search(site.organizationId, q);
      return html(reply, searchPage(site, q, results));
    },
  );

  app.get('/help/:slug/sitemap.xml', { schema: { ...hide, params: SlugParams } }, async (request, reply) => {
    const site = await siteOf(deps, request, reply, request.params.slug, true);
    if (!site) return reply;
    const body = sitemap(site, await deps.kbPublic.published(site.organizationId));
    return reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8').send(body);
  });

  app.get(
    '/help/:slug/api/search',
    {
      schema: {
        tags: ['help center'],
        summary: "Search a help center's published articles (public; no authentication)",
        description: 'A question in plain words: any of its words may match, stemmed. Best first, at most 10.',
        params: SlugParams,
        querystring: SearchQuery,
        response: { 200: SearchResults, ...errorResponses },
      },
    },
    async (request, reply) => {
      const site = await siteOf(deps, request, reply, request.params.slug, false);
      if (!site) return reply;
      const q = request.query.q ?? '';
      const results = q.trim() === '' ? [] : await deps.kbPublic.search(site.organizationId, q);
      return {
        data: results.map((r) => ({ ...r, url: `${site.baseUrl}${articlePath(site.slug, r.slug)}` })),
      };
    },
  );
}
