import Fastify from 'fastify';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressionPlugin } from './compression-plugin.js';

describe('compression plugin', () => {
  const app = Fastify();
  const big = { items: Array.from({ length: 200 }, (_, i) => ({ i, text: 'lorem ipsum dolor sit amet' })) };
  beforeAll(async () => {
    await app.register(compressionPlugin, { minBytes: 1024 });
    app.get('/big', async () => big);
    app.get('/tagged', async (_request, reply) => reply.header('etag', '"v1"').send(big));
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
  });
});
