import { request } from 'undici';
import { addRow, type Ctx } from '../context.js';

// Row 17: what a site's visitor downloads of the chat widget: the /widget.js loader and the script it
// adds, fetched from the running service as a browser asks for them (Brotli first; gzip shown too).

const GOAL_KB = 30;

async function fetchBytes(url: string, encoding: string): Promise<{ bytes: number; text: string }> {
  const res = await request(url, { headers: { 'accept-encoding': encoding } });
  const body = Buffer.from(await res.body.arrayBuffer());
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} (is the widget built?)`);
  return { bytes: body.length, text: encoding === 'identity' ? body.toString('utf8') : '' };
}

export async function widgetSizeRow(ctx: Ctx): Promise<void> {
  const loaderUrl = `${ctx.base}/widget.js`;
  const loader = await fetchBytes(loaderUrl, 'identity');
  const asset = /"(widget\/assets\/widget-[0-9a-f]{12}\.js)"/.exec(loader.text)?.[1];
  if (!asset) throw new Error('/widget.js names no widget asset');
  const urls = [loaderUrl, `${ctx.base}/${asset}`];
  let br = 0;
  let gzip = 0;
  let raw = 0;
  for (const url of urls) {
    br += (await fetchBytes(url, 'br')).bytes;
    gzip += (await fetchBytes(url, 'gzip')).bytes;
    raw += (await fetchBytes(url, 'identity')).bytes;
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  addRow(ctx, {
    n: 17,
    scenario: 'chat widget: /widget.js and the script it loads, compressed',
    product: `${kb(br)} brotli (gzip ${kb(gzip)}, ${kb(raw)} uncompressed)`,
    baseline: '—',
    ratio: '—',
    goal: `< ${GOAL_KB} kB`,
    met: Math.max(br, gzip) < GOAL_KB * 1024,
  });
}
