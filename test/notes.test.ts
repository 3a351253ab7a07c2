import { expect, it } from 'vitest';
import { logSettled } from './support/event-log.js';
import { countRows } from './support/fixtures.js';
import { describeEachDialect, ISO_MS, UUID, type TestOrg } from './support/harness.js';
import { createTicket, seedUser } from './support/ticket-fixtures.js';
import { eventually } from './support/webhook-receiver.js';
import { workerFixture } from './support/worker-fixture.js';

// Internal notes through HTTP: create and list with an API key (user_id required, from the
// organization), the author shape, isolation, validation in the one error shape, content kept as
// text, note.created in the event log and to subscribed webhooks, and no trace among the ticket's
// messages, its message_count, its ETag or message.created.

const notesOf = (id: string) => `/api/v1/tickets/${id}/notes`;

describeEachDialect('internal notes', (ctx) => {
  const hooks = workerFixture(ctx);

  async function setup(org?: TestOrg) {
    const o = org ?? (await ctx.createOrg());
    const user = await seedUser(ctx, o.id, { id: `agent-${Math.random().toString(36).slice(2, 8)}`, name: 'Ada' });
    const ticket = await createTicket(o.api);
    return { org: o, user, ticket };
  }

  const noteRows = async (ticketId: string) =>
    ctx.database.db.selectFrom('notes').selectAll().where('ticket_id', '=', ticketId).execute();

  const events = async (org: TestOrg, type?: string) => {
    await logSettled(ctx);
    const res = await org.api.get(`/api/v1/events?limit=1000${type ? `&type=${type}` : ''}`);
    expect(res.status).toBe(200);
    return res.body.data as { id: string; type: string; data: any }[];
  };

  it('creates notes with an API key and lists them oldest first, with the author as a staff user', async () => {
    const { org, user, ticket } = await setup();
    const first = await org.api.post(notesOf(ticket.id), { content: 'Called the customer', user_id: user.id });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toEqual({
      data: {
        id: expect.stringMatching(UUID),
        ticket_id: ticket.id,
        content: 'Called the customer',
        author: { type: 'user', id: user.id, email: user.email, name: 'Ada' },
        created_at: expect.stringMatching(ISO_MS),
      },
    });
    const second = await org.api.post(notesOf(ticket.id), { content: 'Waiting on billing', user_id: user.id });
    expect(second.status).toBe(201);

    const list = await org.api.get(notesOf(ticket.id));
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ data: [first.body.data, second.body.data] });
    const rows = await noteRows(ticket.id);
    expect(rows.map((r) => [r.content, r.author_id, r.organization_id])).toEqual([
      ['Called the customer', user.id, org.id],
      ['Waiting on billing', user.id, org.id],
    ]);
    // A ticket without notes lists none.
    const other = await createTicket(org.api);
    expect((await org.api.get(notesOf(other.id))).body).toEqual({ data: [] });
  });

  it('requires user_id with an API key, and refuses a user of another organization or none (400, nothing stored)', async () => {
    const { org, ticket } = await setup();
    const stranger = await setup();
    const missing = await org.api.post(notesOf(ticket.id), { content: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      code: 'validation_error',
      details: [{ field: 'user_id', issue: 'required' }],
      request_id: expect.any(String),
    });
    expect((await org.api.post(notesOf(ticket.id), { content: 'x', user_id: null })).status).toBe(400);
    for (const user_id of [stranger.user.id, 'nobody']) {
      const refused = await org.api.post(notesOf(ticket.id), { content: 'x', user_id });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({
        code: 'validation_error',
        details: [{ field: 'user_id', issue: 'not_found' }],
      });
    }
    expect(await noteRows(ticket.id)).toEqual([]);
    expect(await events(org, 'note.created')).toEqual([]);
  });

  it('validates content in the one error shape, and keeps HTML and scripts verbatim as JSON text', async () => {
    const { org, user, ticket } = await setup();
    for (const body of [{ user_id: user.id }, { content: '', user_id: user.id }, { content: 42, user_id: user.id }]) {
      const res = await org.api.post(notesOf(ticket.id), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation_error', details: [{ field: 'content' }] });
    }
    const blank = await org.api.post(notesOf(ticket.id), { content: '  \n ', user_id: user.id });
    expect(blank.body.error).toMatchObject({
      code: 'validation_error',
      details: [{ field: 'content', issue: 'blank' }],
    });
    expect(await noteRows(ticket.id)).toEqual([]);

    const html = '<script>alert("x")</script><b onmouseover=\'y()\'>&amp; bold</b> \u2028 ✓';
    const created = await org.api.post(notesOf(ticket.id), { content: html, user_id: user.id });
    expect(created.status).toBe(201);
    expect(created.body.data.content).toBe(html);
    expect(String(created.headers['content-type'])).toMatch(/^application\/json/);
    expect((await org.api.get(notesOf(ticket.id))).body.data[0].content).toBe(html);
    expect((await noteRows(ticket.id))[0]!.content).toBe(html);
  });

  it("answers 404 for another organization's ticket, and for ids that are not tickets", async () => {
    const { org, user } = await setup();
    const other = await setup();
    for (const id of [other.ticket.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const post = await org.api.post(notesOf(id), { content: 'x', user_id: user.id });
      expect(post.status, id).toBe(404);
      expect(post.body.error.code).toBe('not_found');
      expect((await org.api.get(notesOf(id))).status, id).toBe(404);
    }
    // The other organization's own note stays invisible from here.
    expect(
      (await other.org.api.post(notesOf(other.ticket.id), { content: 'theirs', user_id: other.user.id })).status,
    ).toBe(201);
    expect((await org.api.get(notesOf(other.ticket.id))).status).toBe(404);
    expect(await countRows(ctx, 'events', org.id)).toBe((await events(org)).length);
    expect((await events(org, 'note.created')).length).toBe(0);
  });

  it('never shows a note among messages, in message_count, its ETag or message.created; raises note.created', async () => {
    const { org, user, ticket } = await setup();
    const before = await org.api.get(`/api/v1/tickets/${ticket.id}`);
    const note = (await org.api.post(notesOf(ticket.id), { content: 'internal only', user_id: user.id })).body.data;

    const after = await org.api.get(`/api/v1/tickets/${ticket.id}`);
    expect(after.body).toEqual(before.body);
    expect(after.headers.etag).toBe(before.headers.etag);
    expect(after.body.data.messages).toHaveLength(1);
    const listed = (await org.api.get('/api/v1/tickets')).body.data.find((t: { id: string }) => t.id === ticket.id);
    expect(listed.message_count).toBe(1);
    expect(await countRows(ctx, 'messages', org.id)).toBe(1);
    // Search reads messages, never notes.
    expect((await org.api.get('/api/v1/tickets?search=internal%20only')).body.data).toEqual([]);

    const all = await events(org);
    expect(all.filter((e) => e.type === 'message.created')).toEqual([]);
    const raised = all.filter((e) => e.type === 'note.created');
    expect(raised).toEqual([expect.objectContaining({ type: 'note.created', data: note })]);
    expect((await events(org, 'note.created')).map((e) => e.id)).toEqual([raised[0]!.id]);
  });

  it('delivers note.created to a webhook subscribed to it, and not to one that is not', async () => {
    const { org, user, ticket } = await setup();
    const subscribe = async (path: string, events: string[]) => {
      const res = await org.api.post('/api/v1/webhooks', { name: path, url: `${hooks.receiver.url}${path}`, events });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data;
    };
    const subscribed = await subscribe('/notes', ['note.created']);
    await subscribe('/messages', ['message.created']);
    const note = (await org.api.post(notesOf(ticket.id), { content: 'for the CRM', user_id: user.id })).body.data;
    expect(await countRows(ctx, 'webhook_deliveries', org.id)).toBe(1);
    hooks.start();
    const [request] = await hooks.receiver.waitFor(1);
    expect(request!.path).toBe('/notes');
    expect(request!.headers['x-webhook-event']).toBe('note.created');
    expect(request!.json).toEqual({
      event: 'note.created',
      timestamp: note.created_at,
      organization_id: org.id,
      data: note,
    });
    const logged = (await events(org, 'note.created'))[0]!;
    expect(request!.headers['webhook-id']).toBe(logged.id);
    await eventually(async () => {
      const res = await org.api.get(`/api/v1/webhooks/${subscribed.id}/deliveries`);
      return res.body.data[0]?.status === 'success';
    });
    expect(hooks.receiver.requests).toHaveLength(1);
  });

  it('accepts note.created in webhook subscriptions and the event filter, and refuses unknown types', async () => {
    const { org } = await setup();
    const hook = await org.api.post('/api/v1/webhooks', {
      name: 'n',
      url: 'http://127.0.0.1:9/n',
      events: ['note.created'],
    });
    expect(hook.status).toBe(201);
    expect(hook.body.data.events).toEqual(['note.created']);
    const patched = await org.api.patch(`/api/v1/webhooks/${hook.body.data.id}`, {
      events: ['note.created', 'message.created'],
    });
    expect(patched.body.data.events).toEqual(['note.created', 'message.created']);
    expect((await org.api.get('/api/v1/events?type=note.created')).status).toBe(200);
    expect((await org.api.get('/api/v1/events?type=note.deleted')).status).toBe(400);
  });

  it('replays a note POST with the same Idempotency-Key: one note, one event, the same answer', async () => {
    const { org, user, ticket } = await setup();
    const key = { 'idempotency-key': `note-${Math.random()}` };
    const body = { content: 'once', user_id: user.id };
    const first = await org.api.post(notesOf(ticket.id), body, key);
    const again = await org.api.post(notesOf(ticket.id), body, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await noteRows(ticket.id)).toHaveLength(1);
    expect(await events(org, 'note.created')).toHaveLength(1);
    const reused = await org.api.post(notesOf(ticket.id), { ...body, content: 'other' }, key);
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('idempotency_key_reused');
    expect(await noteRows(ticket.id)).toHaveLength(1);
  });

  it('needs tickets:write to add and tickets:read to list', async () => {
    const { org, user, ticket } = await setup();
    const reader = await org.keyWith(['tickets:read']);
    const auth = { authorization: `Bearer ${reader}` };
    const refused = await ctx.app.inject({
      method: 'POST',
      url: notesOf(ticket.id),
      headers: auth,
      payload: { content: 'x', user_id: user.id },
    });
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body).error.code).toBe('insufficient_scope');
    expect((await ctx.app.inject({ method: 'GET', url: notesOf(ticket.id), headers: auth })).statusCode).toBe(200);
    const writer = await org.keyWith(['customers:read']);
    const list = await ctx.app.inject({
      method: 'GET',
      url: notesOf(ticket.id),
      headers: { authorization: `Bearer ${writer}` },
    });
    expect(list.statusCode).toBe(403);
    expect(await noteRows(ticket.id)).toEqual([]);
  });

  it("goes with its ticket when the ticket's customer is deleted", async () => {
    const { org, user, ticket } = await setup();
    expect((await org.api.post(notesOf(ticket.id), { content: 'gone soon', user_id: user.id })).status).toBe(201);
    expect((await org.api.delete(`/api/v1/customers/${ticket.customer.id}`)).status).toBe(200);
    expect(await noteRows(ticket.id)).toEqual([]);
  });
});
