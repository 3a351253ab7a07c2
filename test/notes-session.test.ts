import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { conditionalPlugin } from '../src/http/conditional-plugin.js';
import { errorsPlugin } from '../src/http/errors-plugin.js';
import { requestIdPlugin } from '../src/http/request-id-plugin.js';
import { requestParsingPlugin } from '../src/http/request-parsing-plugin.js';
import { registerNoteRoutes } from '../src/notes/note-routes.js';
import type { App, AuthContext } from '../src/shared/http.js';
import { ALL_SCOPES } from '../src/shared/scopes.js';
import { registerTicketRoutes } from '../src/tickets/ticket-routes.js';
import { call } from './support/api.js';
import { logSettled } from './support/event-log.js';
import { countRows } from './support/fixtures.js';
import { describeEachDialect } from './support/harness.js';
import { seedUser, ticketBody } from './support/ticket-fixtures.js';

// What a signed-in staff user (a session) gets from the ticket and note routes: tickets created with
// channel INTERNAL, replies and notes authored by that user, and a user_id naming anyone else refused
// with 403. Sessions are authenticated elsewhere; here the routes run behind a stand-in that sets the
// auth context a session sets (its organization, its user), from test headers. The same assertions
// hold once the routes are reached with a real session cookie.

/** Test headers the stand-in reads: the organization and, for a session, the signed-in user. */
const as = (organizationId: string, userId?: string) => ({
  'x-test-organization': organizationId,
  ...(userId ? { 'x-test-user': userId } : {}),
});

const sessionStandIn = fp(async (app) => {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (request) => {
    const user = request.headers['x-test-user'];
    request.auth = {
      organizationId: String(request.headers['x-test-organization']),
      keyId: 'session',
      scopes: ALL_SCOPES,
      userId: typeof user === 'string' ? user : null,
    } as AuthContext;
  });
});

describeEachDialect('signed-in staff: INTERNAL channel and authorship of replies and notes', (ctx) => {
  let app: App;
  beforeAll(async () => {
    app = Fastify().withTypeProvider<TypeBoxTypeProvider>();
    await app.register(requestIdPlugin);
    await app.register(requestParsingPlugin);
    await app.register(errorsPlugin);
    await app.register(sessionStandIn);
    await app.register(conditionalPlugin);
    await app.register(
      async (api) => {
        await registerTicketRoutes(api, ctx.container);
        await registerNoteRoutes(api, ctx.container);
      },
      { prefix: '/api/v1' },
    );
    await app.ready();
  });
  afterAll(async () => app?.close());

  const post = (url: string, body: unknown, headers: Record<string, string>) =>
    call(app, 'POST', url, { body, headers });

  async function setup() {
    const org = await ctx.createOrg();
    const ada = await seedUser(ctx, org.id, { id: `ada-${Math.random().toString(36).slice(2, 8)}`, name: 'Ada' });
    const bob = await seedUser(ctx, org.id, { id: `bob-${Math.random().toString(36).slice(2, 8)}`, name: 'Bob' });
    return { org, ada, bob };
  }

  it('a ticket created by a signed-in user has channel INTERNAL (a channel in the body is ignored); by a key, API', async () => {
    const { org, ada } = await setup();
    const internal = await post('/api/v1/tickets', { ...ticketBody(), channel: 'EMAIL' }, as(org.id, ada.id));
    expect(internal.status, JSON.stringify(internal.body)).toBe(201);
    expect(internal.body.data.channel).toBe('INTERNAL');
    const byKey = await post('/api/v1/tickets', { ...ticketBody(), channel: 'INTERNAL' }, as(org.id));
    expect(byKey.body.data.channel).toBe('API');
    const stored = await ctx.database.db
      .selectFrom('tickets')
      .select(['id', 'channel'])
      .where('organization_id', '=', org.id)
      .orderBy('number')
      .execute();
    expect(stored).toEqual([
      { id: internal.body.data.id, channel: 'INTERNAL' },
      { id: byKey.body.data.id, channel: 'API' },
    ]);
    // The API's own view and the event agree.
    expect((await org.api.get(`/api/v1/tickets/${internal.body.data.id}`)).body.data.channel).toBe('INTERNAL');
    await logSettled(ctx);
    const created = (await org.api.get('/api/v1/events?type=ticket.created')).body.data;
    expect(created.map((e: { data: { channel: string } }) => e.data.channel)).toEqual(['INTERNAL', 'API']);
  });

  it('a note by a signed-in user is theirs; user_id may repeat it, naming anyone else is 403 and stores nothing', async () => {
    const { org, ada, bob } = await setup();
    const ticket = (await post('/api/v1/tickets', ticketBody(), as(org.id, ada.id))).body.data;
    const url = `/api/v1/tickets/${ticket.id}/notes`;
    const own = await post(url, { content: 'mine' }, as(org.id, ada.id));
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body.data.author).toEqual({ type: 'user', id: ada.id, email: ada.email, name: 'Ada' });
    expect((await post(url, { content: 'mine too', user_id: ada.id }, as(org.id, ada.id))).status).toBe(201);
    const impersonating = await post(url, { content: 'as Bob', user_id: bob.id }, as(org.id, ada.id));
    expect(impersonating.status).toBe(403);
    expect(impersonating.body.error).toMatchObject({ code: 'insufficient_scope', request_id: expect.any(String) });
    const rows = await ctx.database.db.selectFrom('notes').select(['author_id', 'content']).orderBy('id').execute();
    expect(rows.filter((r) => r.content.startsWith('mine') || r.content === 'as Bob')).toEqual([
      { author_id: ada.id, content: 'mine' },
      { author_id: ada.id, content: 'mine too' },
    ]);
    // A session whose user no longer exists in the organization writes nothing.
    const gone = await post(url, { content: 'ghost' }, as(org.id, 'deleted-user'));
    expect(gone.status).toBe(400);
    expect(gone.body.error.details).toEqual([{ field: 'user_id', issue: 'not_found' }]);
  });

  it("a reply by a signed-in user is OUTBOUND from them; user_id naming anyone else is 403 (the customer's too)", async () => {
    const { org, ada, bob } = await setup();
    const ticket = (await post('/api/v1/tickets', ticketBody(), as(org.id, ada.id))).body.data;
    const url = `/api/v1/tickets/${ticket.id}/messages`;
    const reply = await post(url, { content: 'On it' }, as(org.id, ada.id));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.data).toMatchObject({
      type: 'OUTBOUND',
      author: { type: 'user', id: ada.id, email: ada.email, name: 'Ada' },
    });
    const before = await countRows(ctx, 'messages', org.id);
    for (const user_id of [bob.id, ticket.customer.id]) {
      const refused = await post(url, { content: 'not me', user_id }, as(org.id, ada.id));
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('insufficient_scope');
    }
    expect(await countRows(ctx, 'messages', org.id)).toBe(before);
    // Without a session nothing changes: no user_id is the customer writing.
    const inbound = await post(url, { content: 'Thanks' }, as(org.id));
    expect(inbound.body.data).toMatchObject({ type: 'INBOUND', author: { type: 'customer' } });
  });
});
