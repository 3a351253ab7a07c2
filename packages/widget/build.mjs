#!/usr/bin/env node
// Bundles the widget into one minified script whose name carries its content hash (dist/widget-<hash>.js),
// and writes dist/manifest.json naming it: the server's /widget.js loader points at that file, which
// browsers may then keep for a year.
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const dist = new URL('./dist/', import.meta.url);
const result = await build({
  entryPoints: [new URL('./src/index.ts', import.meta.url).pathname],
  bundle: true,
  minify: true,
  format: 'iife',
  target: ['es2020'],
  write: false,
  legalComments: 'none',
});
const code = result.outputFiles[0].contents;
const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
const file = `widget-${hash}.js`;
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
writeFileSync(new URL(file, dist), code);
writeFileSync(new URL('manifest.json', dist), `${JSON.stringify({ file, bytes: code.length }, null, 2)}\n`);
const gzipped = gzipSync(code).length;
process.stdout.write(`widget: dist/${file}, ${code.length} bytes, ${gzipped} gzipped\n`);
if (gzipped > 30 * 1024) {
  process.stderr.write('widget: over the 30 kB (compressed) budget\n');
  process.exit(1);
}
