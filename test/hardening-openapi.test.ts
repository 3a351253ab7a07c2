import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { createHelpdesk } from '../packages/sdk/src/index.js';
import type { paths } from '../packages/sdk/src/openapi.js';
import { postWebhook } from './support/fixtures.js';
import { describeEachDialect } from './support/harness.js';
import { rawRequest } from './support/raw-http.js';

// The OpenAPI document says what the server really answers: the HTTP layer's 408, 417 and 431 on
// every operation, a rotate-secret call without a body, and a server entry that makes the docs
// page's "Try it out" call the origin that served it.

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

// Compile-time: the generated types let a client rotate a secret without a body.
type RotateBody = paths['/api/v1/webhooks/{webhook_id}/rotate-secret']['post']['requestBody'];
const noBody: RotateBody = undefined;

describeEachDialect('OpenAPI document against the server', (ctx) => {
  let port: number;
  let doc: Json;
  beforeAll(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as AddressInfo).port;
    doc = (await ctx.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  });
  const documented = (path: string, method: string) => Object.keys(doc.paths[path][method].responses);

  it('lists 408, 417 and 431 on every operation, with their codes', () => {
    let count = 0;
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
      for (const method of METHODS.filter((m) => item[m])) {
        count++;
        expect(documented(path, method), `${method} ${path}`).toEqual(expect.arrayContaining(['408', '417', '431']));
        expect(item[method].responses['417'].description).toContain('`expectation_failed`');
        expect(item[method].responses['431'].description).toContain('`headers_too_large`');
        expect(item[method].responses['408'].description).toContain('`request_timeout`');
      }
    }
    expect(count).toBeGreaterThan(40);
  });

  for (const [method, path, url] of [
    ['get', '/healthz', '/healthz'],
    ['post', '/api/v1/customers', '/api/v1/customers'],
    ['get', '/api/v1/tickets/{ticket_id}', '/api/v1/tickets/00000000-0000-4000-8000-000000000000'],
  ] as const) {
    it(`${method.toUpperCase()} ${path}: the 417 and 431 the server gives are documented`, async () => {
      const verb = method.toUpperCase();
      const expectation = await rawRequest(
        port,
        `${verb} ${url} HTTP/1.1\r\nHost: x\r\nExpect: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
      );
      const large = await rawRequest(
        port,
        `${verb} ${url} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect([expectation.status, large.status]).toEqual([417, 431]);
      expect(expectation.body.error.code).toBe('expectation_failed');
      expect(large.body.error.code).toBe('headers_too_large');
      expect(documented(path, method)).toEqual(expect.arrayContaining(['417', '431']));
    });
  }

  it('rotate-secret: the body is optional in the document, the server and the generated client', async () => {
    const rotate = doc.paths['/api/v1/webhooks/{webhook_id}/rotate-secret'].post;
    expect(rotate.requestBody.required).toBe(false);
    expect(noBody).toBeUndefined();
    const org = await ctx.createOrg();
    const hook = (await postWebhook(org.api)).body.data;
    // Over the wire with no body and no Content-Type.
    const bare = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${hook.id}/rotate-secret`,
      headers: { authorization: `Bearer ${org.token}` },
    });
    expect(bare.statusCode, bare.body).toBe(200);
    const first = bare.json().data.secret;
    expect(first).toMatch(/^whsec_/);
    // Through the SDK's typed client, no body given.
    const sdk = createHelpdesk({ apiKey: org.token, baseUrl: `http://127.0.0.1:${port}` });
    const res = await sdk.raw.POST('/api/v1/webhooks/{webhook_id}/rotate-secret', {
      params: { path: { webhook_id: hook.id } },
    });
    expect(res.response.status).toBe(200);
    expect(res.data?.data.secret).toMatch(/^whsec_/);
    expect(res.data?.data.secret).not.toBe(first);
    const stored = await ctx.database.db
      .selectFrom('webhooks')
      .select(['secret', 'previous_secret'])
      .where('id', '=', hook.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret).toBe(res.data?.data.secret);
  });

  it("documents, on a webhook's If-Match, that its ETag moves with every recorded delivery", async () => {
    const ifMatch = (doc.paths['/api/v1/webhooks/{webhook_id}'].patch.parameters as Json[]).find(
      (p) => p.in === 'header' && p.name === 'if-match',
    );
    expect(ifMatch?.description).toMatch(/last_delivery_at/);
    // What the note describes: a delivery recorded between a read and a conditional write fails it.
    const org = await ctx.createOrg();
    const hook = (await postWebhook(org.api)).body.data;
    const read = await org.api.get(`/api/v1/webhooks/${hook.id}`);
    await ctx.database.db
      .updateTable('webhooks')
      .set({ last_delivery_at: Date.now(), last_delivery_status: 'success' })
      .where('id', '=', hook.id)
      .execute();
    const write = await org.api.patch(
      `/api/v1/webhooks/${hook.id}`,
      { name: 'renamed' },
      { 'if-match': String(read.headers.etag) },
    );
    expect(write.status).toBe(412);
    expect((await org.api.get(`/api/v1/webhooks/${hook.id}`)).body.data.name).toBe('hook');
  });

  it("the docs page's server is the origin that served it, whatever its host and port", async () => {
    for (const path of ['/docs/json', '/openapi.json']) {
      const served = `http://127.0.0.1:${port}${path}`;
      const document = (await (await fetch(served)).json()) as Json;
      expect(new URL(document.servers[0].url, served).href, path).toBe(`http://127.0.0.1:${port}/`);
    }
  });
});
