import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isCI } from './support/ci.js';

// The console's first load (the entry script and the modules index.html preloads) stays under 200 kB of
// Brotli-compressed JavaScript, and the knowledge base's pages, with the Markdown renderer the editor
// brings, are not part of it: they load on first visit. Reads the built console (npm run build:console).

const DIST = new URL('../packages/console/dist/', import.meta.url);
const built = existsSync(new URL('index.html', DIST));
const BUDGET = 200_000;
/** Strings only the knowledge base's pages (and the sanitizer's rules) hold; minifying keeps them. */
const KB_MARKERS = ['Questions without an answer', 'kb-preview-pane', 'No articles yet', 'allowedSchemesByTag'];

describe.skipIf(!built && !isCI())('the console first load and the knowledge base chunks', () => {
  it('keeps the knowledge base out of the first load, which stays within 200 kB of Brotli', () => {
    const html = readFileSync(new URL('index.html', DIST), 'utf8');
    const initial = [
      ...html.matchAll(/<script[^>]+src="\/app\/([^"]+\.js)"/g),
      ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/app\/([^"]+\.js)"/g),
    ].map((m) => m[1]!);
    expect(initial.length).toBeGreaterThan(0);
    const code = initial.map((file) => readFileSync(new URL(file, DIST)));
    const brotli = code.reduce((sum, bytes) => sum + brotliCompressSync(bytes).length, 0);
    expect(brotli).toBeLessThanOrEqual(BUDGET);
    const text = code.map((bytes) => bytes.toString('utf8')).join('\n');
    for (const marker of KB_MARKERS) expect(text, marker).not.toContain(marker);

    // The markers are real: each is in some chunk loaded later.
    const later = readdirSync(new URL('assets/', DIST))
      .filter((file) => file.endsWith('.js') && !initial.includes(`assets/${file}`))
      .map((file) => readFileSync(new URL(`assets/${file}`, DIST), 'utf8'))
      .join('\n');
    for (const marker of KB_MARKERS) expect(later, marker).toContain(marker);
  });
});
