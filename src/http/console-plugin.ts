import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../shared/errors.js';

// The agent console: the single-page app built by Vite into packages/console/dist, served at /app/.
// Hashed files under /app/assets/ never change (their name is their content), so browsers keep them for a
// year; index.html names the current hashes, so it is revalidated on every load. Every other /app/ path
// is a client-side route and answers index.html, while unknown /api/... paths keep the JSON 404.

/** Where `vite build` writes the console, from this file in src/http or dist/http. */
export const DEFAULT_CONSOLE_ROOT = fileURLToPath(new URL('../../packages/console/dist', import.meta.url));

/**
 * No inline script, nothing from another origin, never framed. The console's only network peer is this
 * service (fetch and EventSource); images may be data: URLs (avatars, icons). Styles come from the built
 * stylesheet, plus, on the page itself, `<style>` elements carrying the page's nonce: the dialogs' scroll
 * lock (react-remove-scroll) inserts one whose text depends on the scrollbar's width, so no hash can name
 * it. Scripts get no nonce: a script is never inline.
 */
export function consoleCsp(styleNonce?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    styleNonce ? `style-src 'self' 'nonce-${styleNonce}'` : "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

export const CONSOLE_CSP = consoleCsp();

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONSOLE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/**
 * index.html with a fresh style nonce for this response: a `<meta name="csp-nonce">` at the top of <head>,
 * which the console hands to the style injector (get-nonce) before anything renders.
 */
function withStyleNonce(html: Buffer, nonce: string): string {
  const text = html.toString('utf8');
  const meta = `<meta name="csp-nonce" content="${nonce}" />`;
  const head = /<head[^>]*>/i.exec(text);
  return head ? text.replace(head[0], `${head[0]}${meta}`) : `${meta}${text}`;
}

const MISSING_BUILD =
  'the agent console is not built: run `npm run build --workspace @helpdesk/console` (npm ci does it)';

const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

function missingBuild(request: FastifyRequest, reply: FastifyReply) {
  if (!wantsHtml(request)) throw new AppError(503, 'service_unavailable', MISSING_BUILD);
  return reply
    .code(503)
    .headers(SECURITY_HEADERS)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><title>Helpdesk</title><h1>Console not built</h1><p>The ${MISSING_BUILD}.</p>`);
}

export const consolePlugin = fp(
  async (app: FastifyInstance, { root = DEFAULT_CONSOLE_ROOT }: { root?: string }) => {
    const indexPath = join(root, 'index.html');
    // Read once per build: a rebuilt console (new hashes) is picked up when the file changes on disk.
    let cached: { html: Buffer; at: number } | undefined;
    const readIndex = async (): Promise<Buffer | undefined> => {
      try {
        const html = await readFile(indexPath);
        cached = { html, at: Date.now() };
        return html;
      } catch {
        cached = undefined;
        return undefined;
      }
    };
    const index = async () => (cached && Date.now() - cached.at < 2_000 ? cached.html : readIndex());

    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      const html = await index();
      if (!html) return missingBuild(request, reply);
      const nonce = randomBytes(16).toString('base64');
      return reply
        .headers(SECURITY_HEADERS)
        .header('content-security-policy', consoleCsp(nonce))
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(withStyleNonce(html, nonce));
    };

    const assets = join(root, 'assets');
    if (existsSync(assets)) {
      await app.register(fastifyStatic, {
        root: assets,
        prefix: '/app/assets/',
        // The name carries the content hash; no ETag either, so the response stays compressible.
        immutable: true,
        maxAge: '365d',
        etag: false,
        index: false,
        list: false,
        decorateReply: false,
        setHeaders: (res) => {
          for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
        },
      });
    } else {
      app.get('/app/assets/*', { schema: { hide: true } }, missingBuild);
    }

    app.get('/app', { schema: { hide: true } }, (_request, reply) => reply.redirect('/app/', 301));
    app.get('/app/', { schema: { hide: true } }, sendIndex);
    // Deep links (/app/tickets/…) are routes of the app: the browser gets index.html and the router takes over.
    app.get('/app/*', { schema: { hide: true } }, sendIndex);

    // A person typing the service's address lands in the console; API clients keep the JSON 404.
    app.get('/', { schema: { hide: true } }, async (request, reply) => {
      if (wantsHtml(request)) return reply.redirect('/app/', 302);
      throw new AppError(404, 'not_found', 'route GET / not found');
    });
  },
  { name: 'console' },
);
