import { request } from 'undici';
import { addRow, type Ctx } from '../context.js';

// Row 12: what a browser downloads of JavaScript to show the console's first page: the scripts that
// index.html loads (and preloads), each fetched from the running service as a browser asks for it
// (Brotli first; gzip shown too). Administration and security pages are chunks loaded on first visit.

const GOAL_KB = 200;

async function bytes(url: string, encoding: string): Promise<number> {
  const res = await request(url, { headers: { 'accept-encoding': encoding } });
  const body = Buffer.from(await res.body.arrayBuffer());
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  return body.length;
}

export async function consoleSizeRow(ctx: Ctx): Promise<void> {
  const page = await request(`${ctx.base}/app/`, { headers: { accept: 'text/html' } });
  const html = await page.body.text();
  if (page.statusCode !== 200) throw new Error(`GET /app/ answered ${page.statusCode}: is the console built?`);
  const scripts = [
    ...html.matchAll(/<script[^>]+type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => new URL(m[1], `${ctx.base}/app/`).href);
  let br = 0;
  let gzip = 0;
  let raw = 0;
  for (const url of new Set(scripts)) {
    br += await bytes(url, 'br');
    gzip += await bytes(url, 'gzip');
    raw += await bytes(url, 'identity');
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  addRow(ctx, {
    n: 12,
    scenario: `console: initial JavaScript, compressed (${scripts.length} file${scripts.length === 1 ? '' : 's'})`,
    product: `${kb(br)} brotli (gzip ${kb(gzip)}, ${kb(raw)} uncompressed)`,
    baseline: '—',
    ratio: '—',
    goal: `≤ ${GOAL_KB} kB`,
    met: br <= GOAL_KB * 1024,
  });
}
