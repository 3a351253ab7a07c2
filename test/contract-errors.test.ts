import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { call, describeEachDialect } from './support/harness.js';

// Error contract (docs/api.md, Errors): one error shape on every route; a 500 says nothing internal; bodies nest
// at most 64 levels; an empty JSON body is no body.

const INTERNAL_ERROR = {
  error: { code: 'internal_error', message: 'internal server error', details: [], request_id: expect.any(String) },
};

// This suite breaks its own database on purpose (a table the route reads is renamed), so it runs apart.
describeEachDialect('contract: a 500 reveals nothing', (ctx) => {
  it('an unexpected database error is a 500 with exactly the generic internal_error body', async () => {
    const org = await ctx.createOrg();
    const tag = await call(ctx.app, 'POST', '/api/v1/tags', { token: org.token, body: { name: 'vip' } });
    expect(tag.status).toBe(201);
    await sql`ALTER TABLE tags RENAME TO tags_moved_away`.execute(ctx.database.db);
    try {
      for (const [method, url, body] of [
        ['GET', '/api/v1/tags', undefined],
        ['GET', `/api/v1/tags/${tag.body.data.id}`, undefined],
        ['POST', '/api/v1/tags', { name: 'other' }],
      ] as const) {
        const res = await call(ctx.app, method, url, { token: org.token, body });
        expect(res.status, `${method} ${url}`).toBe(500);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        // Exactly this: no stack, no SQL, no table or column name, no driver message; the request's id.
        expect(res.body).toEqual(INTERNAL_ERROR);
        expect(res.body.error.request_id).toBe(res.headers['x-request-id']);
      }
    } finally {
      await sql`ALTER TABLE tags_moved_away RENAME TO tags`.execute(ctx.database.db);
    }
    expect((await call(ctx.app, 'GET', '/api/v1/tags', { token: org.token })).status).toBe(200);
  });
});

/** n containers nested in each other: nest(1) = {}, nest(2) = {"a":{}}, ... (or arrays). */
function nest(n: number, kind: 'object' | 'array'): unknown {
  let value: unknown = kind === 'object' ? {} : [];
  for (let i = 1; i < n; i++) value = kind === 'object' ? { a: value } : [value];
  return value;
}

describeEachDialect('contract: request bodies', (ctx) => {
  const post = (token: string, payload: string, url = '/api/v1/customers') =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload,
    });

  // src/shared/validation.ts counts the body itself as level 1: the customer body {email, metadata}
  // is level 1 and metadata level 2, so metadata may nest 63 containers (64 in all), not 64.
  it.each(['object', 'array'] as const)(
    'accepts a body nested exactly 64 levels (%s containers) and stores it unchanged',
    async (kind) => {
      const org = await ctx.createOrg();
      const metadata = kind === 'object' ? nest(63, 'object') : { a: nest(62, 'array') };
      const res = await call(ctx.app, 'POST', '/api/v1/customers', {
        token: org.token,
        body: { email: `deep-${kind}@example.com`, metadata },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.metadata).toEqual(metadata);
      const read = await call(ctx.app, 'GET', `/api/v1/customers/${res.body.data.id}`, { token: org.token });
      expect(read.body.data.metadata).toEqual(metadata);
    },
  );

  it.each(['object', 'array'] as const)(
    'refuses a body nested 65 levels (%s containers) with 400 too_deep and stores nothing',
    async (kind) => {
      const org = await ctx.createOrg();
      const metadata = kind === 'object' ? nest(64, 'object') : { a: nest(63, 'array') };
      const res = await call(ctx.app, 'POST', '/api/v1/customers', {
        token: org.token,
        body: { email: `deep-${kind}@example.com`, metadata },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'validation_error',
        details: [{ field: expect.stringMatching(/^metadata\.a/), issue: 'too_deep' }],
      });
      expect(res.body.error.message).toMatch(/64/);
      const list = await call(ctx.app, 'GET', '/api/v1/customers', { token: org.token });
      expect(list.body.meta.pagination.total).toBe(0);
    },
  );

  it('counts the depth of every part of the body, also an empty container at the limit', async () => {
    const org = await ctx.createOrg();
    // 64 levels whose deepest container is empty: fine; one more empty container: too deep.
    const ok = await post(org.token, JSON.stringify({ email: 'edge-ok@example.com', metadata: nest(63, 'object') }));
    expect(ok.statusCode).toBe(201);
    const deep = await post(
      org.token,
      JSON.stringify({ email: 'edge-deep@example.com', metadata: { x: 1, y: nest(63, 'array') } }),
    );
    expect(deep.statusCode).toBe(400);
    expect(JSON.parse(deep.body).error.details).toEqual([
      { field: expect.stringMatching(/^metadata\.y/), issue: 'too_deep' },
    ]);
  });

  it.each([
    ['POST /customers', '/api/v1/customers'],
    ['POST /tickets', '/api/v1/tickets'],
    ['POST /webhooks', '/api/v1/webhooks'],
  ])('an empty body with a JSON content type on %s (body required) is a 400 validation_error', async (_name, url) => {
    const org = await ctx.createOrg();
    for (const payload of ['', '   ']) {
      const res = await post(org.token, payload, url);
      expect(res.statusCode).toBe(400);
      const error = JSON.parse(res.body).error;
      // Clear: it names the body as the problem (today "body must be an object", issue invalid_type).
      expect(error).toMatchObject({
        code: 'validation_error',
        message: expect.stringMatching(/\bbody\b/),
        details: [{ field: 'body', issue: expect.stringMatching(/^(required|invalid_type)$/) }],
      });
    }
    expect((await call(ctx.app, 'GET', '/api/v1/customers', { token: org.token })).body.meta.pagination.total).toBe(0);
    expect((await call(ctx.app, 'GET', '/api/v1/webhooks', { token: org.token })).body.data).toEqual([]);
  });

  it('an empty body with a JSON content type on PATCH /tickets/{id} is no body: 200, nothing changes', async () => {
    const org = await ctx.createOrg();
    const created = await call(ctx.app, 'POST', '/api/v1/tickets', {
      token: org.token,
      body: { subject: 'S', message: 'M', customer: { email: 'e@example.com' } },
    });
    expect(created.status).toBe(201);
    const before = await call(ctx.app, 'GET', `/api/v1/tickets/${created.body.data.id}`, { token: org.token });
    for (const payload of ['', '  ']) {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/tickets/${created.body.data.id}`,
        headers: { authorization: `Bearer ${org.token}`, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(JSON.parse(res.body).data).toEqual(before.body.data);
    }
    expect((await call(ctx.app, 'GET', `/api/v1/tickets/${created.body.data.id}`, { token: org.token })).body).toEqual(
      before.body,
    );
  });
});
