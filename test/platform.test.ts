import { expect, it } from 'vitest';
import { call, describeEachDialect } from './support/harness.js';

describeEachDialect('platform', (ctx) => {
  it('healthz and readyz answer 200', async () => {
    expect(await call(ctx.app, 'GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await call(ctx.app, 'GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('unknown routes are a 404 in the error shape', async () => {
    const res = await call(ctx.app, 'GET', '/api/v1/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: expect.any(String), details: [] } });
  });
});
