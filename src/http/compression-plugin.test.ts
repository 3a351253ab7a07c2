import Fastify from 'fastify';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressionPlugin } from './compression-plugin.js';

describe('compression plugin', () => {
  const app = Fastify();
  const big = { items: Array.from({ length: 200 }, (_, i) => ({ i, text: 'lorem ipsum dolor sit amet' })) };
  beforeAll(async () => {
    // A plugin registered before compression that sets the ETag in a route-level onSend hook, as
    // conditional requests do: compression must run after it and see the ETag.
    app.addHook('onRoute', (route) => {
      if (route.url === '/tagged-late')
        route.onSend = [async (_request, reply, payload) => (reply.header('etag', '"v2"'), payload)];
    });
    await app.register(compressionPlugin, { minBytes: 1024 });
    app.get('/big', async () => big);
    app.get('/tagged', async (_request, reply) => reply.header('etag', '"v1"').send(big));
    app.get('/tagged-late', async () => big);
    await app.ready();
  });
  afterAll(() => app.close());

  it('compresses a large body the client accepts compressed', async () => {
    const res = await app.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(big);
  });

  it('never compresses a response with an ETag (a strong ETag names one exact representation)', async () => {
    const res = await app.inject({ method: 'GET', url: '/tagged', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.etag).toBe('"v1"');
    expect(res.json()).toEqual(big);
    const late = await app.inject({ method: 'GET', url: '/tagged-late', headers: { 'accept-encoding': 'gzip' } });
    expect(late.headers['content-encoding']).toBeUndefined();
    expect(late.headers.etag).toBe('"v2"');
    expect(late.json()).toEqual(big);
  });
});
