import { expect, it } from 'vitest';
import { describeEachDialect, UUID } from './support/harness.js';
import { createTicket, seedUser } from './support/ticket-fixtures.js';
import { createWidget, identityToken, SHOP, visitor } from './support/widget-visitors.js';

// The visitor API (/widget/v1): sessions, conversations (tickets of channel WIDGET) and messages as
// a browser on an allowed origin sends them, and every refusal: other origins, identity tokens that
// are forged, expired, too long-lived, of another algorithm or missing where required, other
// visitors' and other organizations' conversations, the budgets and the message length.

const EVIL = 'https://evil.example';

describeEachDialect(
  'chat widget visitors',
  (ctx) => {
    let n = 0;
    const address = () => `198.51.100.${++n}`;

    it('an anonymous visitor opens a WIDGET ticket with an email, writes, and sees agent replies by name only', async () => {
      const org = await ctx.createOrg();
      const widget = await createWidget(org, { identity: 'optional' });
      const v = visitor(ctx.app, widget.key, { address: address() });
      const session = await v.open();
      expect(session.status, JSON.stringify(session.body)).toBe(201);
      expect(session.body.data).toEqual({
        token: expect.stringMatching(/^wvt_/),
        expires_at: expect.any(String),
        visitor: { email: null, name: null, identified: false },
        assistant: false,
      });
      expect(session.headers['access-control-allow-origin']).toBe(SHOP);

      const noEmail = await v.request('POST', '/conversations', { message: 'Hi' });
      expect(noEmail.status).toBe(400);
      expect(noEmail.body.error.details).toEqual([{ field: 'email', issue: 'required' }]);

      const hostile = '<img src=x onerror=alert(1)> where is my order?';
      const opened = await v.request('POST', '/conversations', {
        message: hostile,
        email: 'visitor@example.com',
        name: '<b>Vee</b>',
      });
      expect(opened.status, JSON.stringify(opened.body)).toBe(201);
      const conversation = opened.body.data;
      expect(conversation).toMatchObject({
        id: expect.stringMatching(UUID),
        subject: hostile,
        status: 'OPEN',
        messages: [{ content: hostile, type: 'INBOUND', author: { type: 'customer', name: '<b>Vee</b>' } }],
      });
      const ticket = (await org.api.get(`/api/v1/tickets/${conversation.id}`)).body.data;
      expect(ticket).toMatchObject({
        channel: 'WIDGET',
        customer: { email: 'visitor@example.com', name: '<b>Vee</b>' },
        messages: [{ type: 'INBOUND', content: hostile }],
      });

      const agent = await seedUser(ctx, org.id, { name: 'Ada Agent' });
      const reply = await org.api.post(`/api/v1/tickets/${conversation.id}/messages`, {
        content: 'On its way',
        user_id: agent.id,
      });
      expect(reply.status).toBe(201);
      await org.api.post(`/api/v1/tickets/${conversation.id}/notes`, { content: 'secret note', user_id: agent.id });
      const more = await v.request('POST', `/conversations/${conversation.id}/messages`, { content: 'Thanks!' });
      expect(more.status).toBe(201);
      expect(more.body.data).toMatchObject({ type: 'INBOUND', content: 'Thanks!', author: { type: 'customer' } });

      const got = await v.request('GET', `/conversations/${conversation.id}`);
      expect(got.status).toBe(200);
      expect(got.body.data.messages.map((m: any) => [m.type, m.author, m.content])).toEqual([
        ['INBOUND', { type: 'customer', name: '<b>Vee</b>' }, hostile],
        ['OUTBOUND', { type: 'agent', name: 'Ada Agent' }, 'On its way'],
        ['INBOUND', { type: 'customer', name: '<b>Vee</b>' }, 'Thanks!'],
      ]);
      const text = JSON.stringify(got.body);
      expect(text).not.toContain(agent.email);
      expect(text).not.toContain('secret note');
      expect(text).not.toContain(agent.id);
      const list = await v.request('GET', '/conversations');
      expect(list.body.data.map((c: any) => c.id)).toEqual([conversation.id]);
      // The session remembers the email: a second conversation needs none.
      expect((await v.request('POST', '/conversations', { message: 'Another thing' })).status).toBe(201);
      const stored = await ctx.database.db
        .selectFrom('widget_visitors')
        .selectAll()
        .where('organization_id', '=', org.id)
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0].token_hash).not.toBe(v.token);
      expect(stored[0].email).toBe('visitor@example.com');
    });

    it('checks the Origin of every request and preflight: other origins get 403 origin_not_allowed and no CORS headers', async () => {
      const org = await ctx.createOrg();
      const widget = await createWidget(org);
      const good = visitor(ctx.app, widget.key, { address: address() });
      await good.open();
      const convo = (await good.request('POST', '/conversations', { message: 'x', email: 'a@example.com' })).body.data;

      const evil = visitor(ctx.app, widget.key, { origin: EVIL, address: address() });
      evil.token = good.token;
      for (const [method, path, body] of [
        ['POST', '/sessions', { key: widget.key }],
        ['GET', '/conversations', undefined],
        ['GET', `/conversations/${convo.id}`, undefined],
        ['POST', `/conversations/${convo.id}/messages`, { content: 'x' }],
        ['POST', '/conversations', { message: 'x', email: 'a@example.com' }],
        ['GET', `/stream?token=${good.token}`, undefined],
        ['OPTIONS', '/conversations', undefined],
      ] as const) {
        const res = await evil.request(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.error.code).toBe('origin_not_allowed');
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      }
      // The same without ?key=: the session's widget decides, and the body's key for a new session.
      const keyless = visitor(ctx.app, widget.key, { origin: EVIL, address: address(), withKey: false });
      keyless.token = good.token;
      expect((await keyless.request('GET', '/conversations')).status).toBe(403);
      expect((await keyless.request('POST', '/sessions', { key: widget.key })).status).toBe(403);
      expect((await keyless.request('OPTIONS', '/conversations')).status).toBe(403);
      // Only the conversation the allowed origin wrote exists.
      expect((await good.request('GET', `/conversations/${convo.id}`)).body.data.messages).toHaveLength(1);

      const preflight = await good.request('OPTIONS', '/conversations', undefined, {
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(SHOP);
      expect(String(preflight.headers['access-control-allow-headers'])).toContain('Authorization');
      expect(String(preflight.headers.vary)).toContain('Origin');
      // Not from a browser (no Origin): the origin check does not apply, the token still does.
      const server = visitor(ctx.app, widget.key, { origin: null, address: address() });
      server.token = good.token;
      expect((await server.request('GET', '/conversations')).status).toBe(200);
      // A widget of another organization's key with this visitor's token: 401.
      const otherWidget = await createWidget(await ctx.createOrg());
      const crossed = visitor(ctx.app, otherWidget.key, { address: address() });
      crossed.token = good.token;
      expect((await crossed.request('GET', '/conversations')).status).toBe(401);
    });

    it('identified visitors: HS256 tokens from the site; forged, expired, too long, other algorithms and missing ones refused', async () => {
      const org = await ctx.createOrg();
      const widget = await createWidget(org, { identity: 'required' });
      const claims = { sub: 'site-user-7', email: 'ada@example.com', name: 'Ada' };
      const refused = async (token: string | undefined, code: string) => {
        const res = await visitor(ctx.app, widget.key, { address: address() }).open(token);
        expect(res.status, code).toBe(401);
        expect(res.body.error.code).toBe(code);
        expect(res.headers['access-control-allow-origin']).toBe(SHOP);
      };
      await refused(undefined, 'identity_required');
      await refused(await identityToken('not-the-secret', claims), 'invalid_identity');
      await refused(await identityToken(widget.identity_secret, claims, { expiresInS: -120 }), 'invalid_identity');
      await refused(await identityToken(widget.identity_secret, claims, { expiresInS: 25 * 3600 }), 'invalid_identity');
      await refused(await identityToken(widget.identity_secret, claims, { expiresInS: null }), 'invalid_identity');
      await refused(await identityToken(widget.identity_secret, claims, { alg: 'HS512' }), 'invalid_identity');
      const valid = await identityToken(widget.identity_secret, claims);
      const [header, payload] = valid.split('.');
      const tampered = JSON.parse(Buffer.from(payload, 'base64url').toString());
      tampered.sub = 'someone-else';
      await refused(
        `${header}.${Buffer.from(JSON.stringify(tampered)).toString('base64url')}.${valid.split('.')[2]}`,
        'invalid_identity',
      );
      expect(
        await ctx.database.db
          .selectFrom('widget_visitors')
          .select('id')
          .where('organization_id', '=', org.id)
          .execute(),
      ).toEqual([]);

      const phone = visitor(ctx.app, widget.key, { address: address() });
      const session = await phone.open(valid);
      expect(session.status).toBe(201);
      expect(session.body.data.visitor).toEqual({ email: 'ada@example.com', name: 'Ada', identified: true });
      // The identity decides who writes: the body's email is not used.
      const opened = await phone.request('POST', '/conversations', { message: 'Hello', email: 'mallory@example.com' });
      expect(opened.status).toBe(201);
      const ticket = (await org.api.get(`/api/v1/tickets/${opened.body.data.id}`)).body.data;
      expect(ticket.customer).toMatchObject({ email: 'ada@example.com', external_user_id: 'site-user-7', name: 'Ada' });
      // The same site user on another device sees it; an anonymous session (where allowed) does not.
      const laptop = visitor(ctx.app, widget.key, { address: address() });
      await laptop.open(await identityToken(widget.identity_secret, claims));
      expect((await laptop.request('GET', '/conversations')).body.data.map((c: any) => c.id)).toEqual([
        opened.body.data.id,
      ]);
      await org.api.patch(`/api/v1/widgets/${widget.id}`, { identity: 'optional' });
      const anonymous = visitor(ctx.app, widget.key, { address: address() });
      await anonymous.open();
      expect((await anonymous.request('GET', '/conversations')).body.data).toEqual([]);
      expect((await anonymous.request('GET', `/conversations/${opened.body.data.id}`)).status).toBe(404);
      // Back to required: the anonymous session is refused from then on.
      await org.api.patch(`/api/v1/widgets/${widget.id}`, { identity: 'required' });
      expect((await anonymous.request('GET', '/conversations')).body.error.code).toBe('identity_required');
    });

    it("never shows other visitors', other organizations' or non-widget tickets", async () => {
      const org = await ctx.createOrg();
      const widget = await createWidget(org, { identity: 'off' });
      const alice = visitor(ctx.app, widget.key, { address: address() });
      const bob = visitor(ctx.app, widget.key, { address: address() });
      await alice.open();
      await bob.open();
      // Bob even claims Alice's email: he still sees only his own session's conversations.
      const a = (await alice.request('POST', '/conversations', { message: 'mine', email: 'alice@example.com' })).body
        .data;
      await bob.request('POST', '/conversations', { message: 'his', email: 'alice@example.com' });
      expect((await bob.request('GET', '/conversations')).body.data.map((c: any) => c.messages[0].content)).toEqual([
        'his',
      ]);
      expect((await bob.request('GET', `/conversations/${a.id}`)).status).toBe(404);
      expect((await bob.request('POST', `/conversations/${a.id}/messages`, { content: 'hijack' })).status).toBe(404);
      const apiTicket = await createTicket(org.api, { customer: { email: 'alice@example.com' } });
      expect((await alice.request('GET', `/conversations/${apiTicket.id}`)).status).toBe(404);
      const otherOrg = await ctx.createOrg();
      const foreign = await createTicket(otherOrg.api);
      expect((await alice.request('GET', `/conversations/${foreign.id}`)).status).toBe(404);
      expect((await alice.request('GET', '/conversations/not-a-uuid')).status).toBe(404);
      expect((await alice.request('GET', '/conversations')).body.data.map((c: any) => c.id)).toEqual([a.id]);
      // Forged, unknown and expired visitor tokens: 401.
      for (const token of ['wvt_forged', `wvt_${'A'.repeat(43)}`, 'sk_live_whatever']) {
        const res = await alice.request('GET', '/conversations', undefined, { authorization: `Bearer ${token}` });
        expect(res.status).toBe(401);
      }
      ctx.clock.set(Date.now() + 31 * 86_400_000);
      expect((await alice.request('GET', '/conversations')).status).toBe(401);
    });

    it('limits sessions per address, conversations and messages per visitor (429 + Retry-After) and message length', async () => {
      const org = await ctx.createOrg();
      const widget = await createWidget(org, { identity: 'off' });
      const shared = address();
      for (let i = 0; i < 3; i++)
        expect((await visitor(ctx.app, widget.key, { address: shared }).open()).status).toBe(201);
      const limited = await visitor(ctx.app, widget.key, { address: shared }).open();
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.headers['access-control-allow-origin']).toBe(SHOP);
      expect((await visitor(ctx.app, widget.key, { address: address() }).open()).status).toBe(201);

      const v = visitor(ctx.app, widget.key, { address: address() });
      await v.open();
      const first = await v.request('POST', '/conversations', { message: 'one', email: 'v@example.com' });
      expect((await v.request('POST', '/conversations', { message: 'two' })).status).toBe(201);
      const third = await v.request('POST', '/conversations', { message: 'three' });
      expect(third.status).toBe(429);
      const id = first.body.data.id;
      for (let i = 0; i < 4; i++)
        expect((await v.request('POST', `/conversations/${id}/messages`, { content: `m${i}` })).status).toBe(201);
      const tooMany = await v.request('POST', `/conversations/${id}/messages`, { content: 'flood' });
      expect(tooMany.status).toBe(429);
      expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);

      const w = visitor(ctx.app, widget.key, { address: address() });
      await w.open();
      const long = await w.request('POST', '/conversations', { message: 'x'.repeat(10_001), email: 'w@example.com' });
      expect(long.status).toBe(400);
      expect(
        (await w.request('POST', '/conversations', { message: 'x'.repeat(10_000), email: 'w@example.com' })).status,
      ).toBe(201);
      const messages = (await org.api.get(`/api/v1/tickets/${id}`)).body.data.messages;
      expect(messages.map((m: any) => m.content)).toEqual(['one', 'm0', 'm1', 'm2', 'm3']);
    });
  },
  { env: { WIDGET_SESSIONS_PER_HOUR: '3', WIDGET_CONVERSATIONS_PER_HOUR: '2', WIDGET_MESSAGES_PER_MINUTE: '4' } },
);
