import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import type { App } from '../src/shared/http.js';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/harness.js';

// The agent console as a browser meets it: /app/ and every deep link answer index.html (never cached, under a
// strict CSP), hashed assets are cached for a year, / sends a browser to /app/, the API keeps its JSON 404,
// and a service whose console was never built says so with a 503.

const HTML = { accept: 'text/html,application/xhtml+xml' };
const INDEX =
  '<!doctype html><html><head><script type="module" src="/app/assets/index-abc123.js"></script></head></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

async function appWith(db: TestDatabase, consoleRoot: string): Promise<App> {
  const config = loadConfig({ DATABASE_URL: db.url, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'silent' });
  const app = await buildApp(createContainer({ config, database: db.handle, clock: Date.now }), { consoleRoot });
  await app.ready();
  return app;
}

for (const dialect of DIALECTS) {
  describe.skipIf(dialect === 'postgres' && !postgresAvailable())(`${dialect}: console serving`, () => {
    const root = mkdtempSync(join(tmpdir(), 'console-dist-'));
    let db: TestDatabase;
    let app: App;
    let bare: App;
    beforeAll(async () => {
      mkdirSync(join(root, 'assets'));
      writeFileSync(join(root, 'index.html'), INDEX);
      writeFileSync(join(root, 'assets', 'index-abc123.js'), SCRIPT);
      db = await createTestDatabase(dialect);
      app = await appWith(db, root);
      bare = await appWith(db, join(root, 'missing'));
    });
    afterAll(async () => {
      await app?.close();
      await bare?.close();
      await db?.drop();
      rmSync(root, { recursive: true, force: true });
    });

    it('/app/ answers index.html with no-cache and a strict CSP; /app redirects to /app/', async () => {
      const res = await app.inject({ method: 'GET', url: '/app/', headers: HTML });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      // The page carries this response's style nonce; the policy names it for styles only.
      const nonce = /<meta name="csp-nonce" content="([A-Za-z0-9+/=]{24})" \/>/.exec(res.body)?.[1];
      expect(nonce, res.body).toBeDefined();
      expect(res.body.replace(/<meta name="csp-nonce"[^>]*>/, '')).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toBeUndefined();
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(csp).toMatch(/script-src 'self'; /);
      expect(csp.match(/nonce-/g)).toHaveLength(1);
      const again = await app.inject({ method: 'GET', url: '/app/', headers: HTML });
      expect(again.body).not.toContain(nonce);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'self'",
      ])
        expect(csp).toContain(directive);
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      const bareApp = await app.inject({ method: 'GET', url: '/app' });
      expect(bareApp.statusCode).toBe(301);
      expect(bareApp.headers.location).toBe('/app/');
    });

    it('deep links answer index.html; a missing asset is a 404, not the page', async () => {
      for (const url of [
        '/app/tickets/0193a3c2-0000-7000-8000-000000000001',
        '/app/login?next=%2F',
        '/app/admin/users',
      ]) {
        const res = await app.inject({ method: 'GET', url, headers: HTML });
        expect(res.statusCode, url).toBe(200);
        expect(res.body.replace(/<meta name="csp-nonce"[^>]*>/, ''), url).toBe(INDEX);
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
      const missing = await app.inject({ method: 'GET', url: '/app/assets/nope-123.js' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('not_found');
    });

    it('hashed assets are immutable for a year, compressed when asked, and carry the CSP', async () => {
      const res = await app.inject({ method: 'GET', url: '/app/assets/index-abc123.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.body).toBe(SCRIPT);
      const gz = await app.inject({
        method: 'GET',
        url: '/app/assets/index-abc123.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    });

    it('/ sends a browser to /app/; an API client and unknown /api paths get the JSON 404', async () => {
      const browser = await app.inject({ method: 'GET', url: '/', headers: HTML });
      expect(browser.statusCode).toBe(302);
      expect(browser.headers.location).toBe('/app/');
      const client = await app.inject({ method: 'GET', url: '/', headers: { accept: 'application/json' } });
      expect(client.statusCode).toBe(404);
      expect(client.json().error.code).toBe('not_found');
      for (const url of ['/api/unknown', '/api/v1/nope', '/api/v1/tickets/x/y/z']) {
        const res = await app.inject({ method: 'GET', url, headers: HTML });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^application\/json/);
        expect(res.json().error, url).toMatchObject({ code: 'not_found', request_id: expect.any(String) });
      }
    });

    it('the API reference at /docs still loads (its own inline scripts, no console CSP)', async () => {
      const res = await app.inject({ method: 'GET', url: '/docs/', headers: HTML });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy'] ?? '').not.toContain("script-src 'self'");
    });

    it('without a built console, /app/ answers 503 saying how to build it (HTML for browsers, JSON otherwise)', async () => {
      const page = await bare.inject({ method: 'GET', url: '/app/tickets/1', headers: HTML });
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('npm run build --workspace @helpdesk/console');
      const api = await bare.inject({ method: 'GET', url: '/app/', headers: { accept: 'application/json' } });
      expect(api.statusCode).toBe(503);
      expect(api.json().error.code).toBe('service_unavailable');
      expect(api.json().error.message).toContain('npm ci');
      const asset = await bare.inject({ method: 'GET', url: '/app/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(503);
    });
  });
}
