import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../shared/errors.js';

// The chat widget's script for other sites' pages. /widget.js is a small loader, cached for minutes, that
// adds the current build (packages/widget/dist/widget-<hash>.js, named in its manifest) to the page:
// that file's name is its content, so browsers keep it for a year and a new build reaches visitors
// within the loader's cache time. Both may be loaded by any page (CORS and Cross-Origin-Resource-Policy
// allow it): which sites may talk to the visitor API is decided there, by the widget's origins. The
// console's Content-Security-Policy is not sent with them (it belongs to the console's own pages).

export const DEFAULT_WIDGET_ROOT = fileURLToPath(new URL('../../packages/widget/dist', import.meta.url));

const LOADER_MAX_AGE_S = 300;
const ASSET = /^widget-[0-9a-f]{12}\.js$/;

const crossSite = (reply: FastifyReply) =>
  reply
    .header('access-control-allow-origin', '*')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('x-content-type-options', 'nosniff')
    .type('text/javascript; charset=utf-8');

/** The loader: the asset's address is resolved against this script's own, so it works behind any proxy path. */
export const loaderScript = (file: string) =>
  `(function(){var c=document.currentScript;if(!c)return;var s=document.createElement('script');` +
  `s.async=true;s.src=new URL(${JSON.stringify(`widget/assets/${file}`)},c.src).href;` +
  `s.setAttribute('data-key',c.getAttribute('data-key')||'');s.setAttribute('data-api',new URL('.',c.src).href.replace(/\\/$/,''));` +
  `document.head.appendChild(s);})();\n`;

const notBuilt = () =>
  new AppError(
    503,
    'service_unavailable',
    'the chat widget is not built: run `npm run build --workspace @helpdesk/widget`',
  );

export const widgetScriptPlugin = fp(
  async (app: FastifyInstance, { root = DEFAULT_WIDGET_ROOT }: { root?: string }) => {
    // Read per request at most every two seconds: a rebuilt widget is picked up without a restart.
    let cached: { file: string; at: number } | null = null;
    const currentFile = async (): Promise<string | null> => {
      if (cached && Date.now() - cached.at < 2_000) return cached.file;
      try {
        const manifest = JSON.parse(await readFile(join(root, 'manifest.json'), 'utf8')) as { file: string };
        cached = ASSET.test(manifest.file) ? { file: manifest.file, at: Date.now() } : null;
      } catch {
        cached = null;
      }
      return cached?.file ?? null;
    };

    app.get('/widget.js', { schema: { hide: true } }, async (_request, reply) => {
      const file = await currentFile();
      if (!file) throw notBuilt();
      return crossSite(reply).header('cache-control', `public, max-age=${LOADER_MAX_AGE_S}`).send(loaderScript(file));
    });

    app.get<{ Params: { file: string } }>(
      '/widget/assets/:file',
      { schema: { hide: true } },
      async (request, reply) => {
        const { file } = request.params;
        if (!ASSET.test(file)) throw new AppError(404, 'not_found', 'no such widget asset');
        let body: Buffer;
        try {
          body = await readFile(join(root, file));
        } catch {
          throw new AppError(404, 'not_found', 'no such widget asset');
        }
        return crossSite(reply).header('cache-control', 'public, max-age=31536000, immutable').send(body);
      },
    );
  },
  { name: 'widget-script' },
);
