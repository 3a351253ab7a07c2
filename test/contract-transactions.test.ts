import { storedPayload } from './support/event-log.js';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { call, describeEachDialect, type TestContext } from './support/harness.js';

// Events are written in the same transaction as the change that causes them.
// Checked from outside, without mocking anything: a database trigger makes every insert into the
// delivery queue fail, and each change must then fail as a whole (5xx, nothing stored). Conversely,
// a change that succeeds has its delivery row committed by the time the response arrives.
// This suite installs triggers in its own database, so it runs apart from the others.

const TRIGGER = 'contract_refuse_deliveries';

async function refuseDeliveries(ctx: TestContext): Promise<() => Promise<void>> {
  const db = ctx.database.db;
  if (ctx.dialect === 'sqlite') {
    await sql
      .raw(
        `CREATE TRIGGER ${TRIGGER} BEFORE INSERT ON webhook_deliveries BEGIN SELECT RAISE(ABORT, 'refused by ${TRIGGER}'); END`,
      )
      .execute(db);
    return async () => void (await sql.raw(`DROP TRIGGER ${TRIGGER}`).execute(db));
  }
  await sql
    .raw(
      `CREATE FUNCTION ${TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by ${TRIGGER}'; END $$`,
    )
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER ${TRIGGER} BEFORE INSERT ON webhook_deliveries FOR EACH ROW EXECUTE FUNCTION ${TRIGGER}()`)
    .execute(db);
  return async () => {
    await sql.raw(`DROP TRIGGER ${TRIGGER} ON webhook_deliveries`).execute(db);
    await sql.raw(`DROP FUNCTION ${TRIGGER}()`).execute(db);
  };
}

describeEachDialect(
  'contract: events share the transaction of their change',
  (ctx) => {
    /** An organization with a webhook subscribed to everything, a staff user, a tag and a ticket using both. */
    async function world() {
      const org = await ctx.createOrg();
      const token = org.token;
      const post = async (url: string, body: unknown) => {
        const res = await call(ctx.app, 'POST', url, { token, body });
        expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(201);
        return res.body.data;
      };
      const hook = await post('/api/v1/webhooks', {
        name: 'all',
        url: 'https://hooks.example.com/tx',
        events: ['ticket.created', 'ticket.updated', 'message.created'],
      });
      const user = await post('/api/v1/users', {
        id: `agent-${Math.random().toString(36).slice(2)}`,
        name: 'Agent',
        email: 'agent@staff.example',
      });
      const tag = await post('/api/v1/tags', { name: 'vip' });
      const ticket = await post('/api/v1/tickets', {
        subject: 'Printer',
        message: 'On fire',
        customer: { email: 'ann@example.com' },
        tag_ids: [tag.id],
      });
      const assigned = await call(ctx.app, 'PATCH', `/api/v1/tickets/${ticket.id}`, {
        token,
        body: { assignee_id: user.id },
      });
      expect(assigned.status).toBe(200);
      const deliveries = async () =>
        Promise.all(
          (
            await ctx.database.db
              .selectFrom('webhook_deliveries')
              .select(['event', 'body', 'event_id', 'created_at', 'organization_id'])
              .where('webhook_id', '=', hook.id)
              .execute()
          ).map(async (r) => ({ event: r.event, payload: await storedPayload(ctx, r) })),
        );
      const get = async (url: string) => (await call(ctx.app, 'GET', url, { token })).body;
      return { token, hook, user, tag, ticket, deliveries, get };
    }

    it('a change whose event cannot be written fails as a whole: 5xx and nothing of the change is stored', async () => {
      const w = await world();
      const { token } = w;
      const ticketUrl = `/api/v1/tickets/${w.ticket.id}`;
      const ticketBefore = (await w.get(ticketUrl)).data;
      expect(ticketBefore).toMatchObject({ status: 'OPEN', assignee: { id: w.user.id }, tags: [{ id: w.tag.id }] });
      const ticketsBefore = (await w.get('/api/v1/tickets?include_closed=true')).meta.pagination.total;
      const customersBefore = (await w.get('/api/v1/customers')).meta.pagination.total;
      const usedBefore = (await w.get('/api/v1/billing/usage')).data.tickets.used;
      const queuedBefore = (await w.deliveries()).length;

      const restore = await refuseDeliveries(ctx);
      try {
        const failures = [
          await call(ctx.app, 'POST', '/api/v1/tickets', {
            token,
            body: { subject: 'New', message: 'Hello', customer: { email: 'new-customer@example.com' } },
          }),
          await call(ctx.app, 'POST', `${ticketUrl}/messages`, {
            token,
            body: { content: 'a message that must not stay' },
          }),
          await call(ctx.app, 'PATCH', ticketUrl, { token, body: { status: 'CLOSED' } }),
          await call(ctx.app, 'DELETE', `/api/v1/users/${encodeURIComponent(w.user.id)}`, { token }),
          await call(ctx.app, 'DELETE', `/api/v1/tags/${w.tag.id}`, { token }),
        ];
        for (const res of failures) {
          expect(res.status).toBeGreaterThanOrEqual(500);
          expect(res.status).toBeLessThan(600);
          expect(res.body.error.code).toMatch(/^(internal_error|service_unavailable)$/);
          expect(JSON.stringify(res.body)).not.toContain(TRIGGER);
        }
      } finally {
        await restore();
      }

      // POST /tickets: no ticket, no customer, no usage counted.
      expect((await w.get('/api/v1/tickets?include_closed=true')).meta.pagination.total).toBe(ticketsBefore);
      expect((await w.get('/api/v1/customers')).meta.pagination.total).toBe(customersBefore);
      expect((await w.get('/api/v1/billing/usage')).data.tickets.used).toBe(usedBefore);
      // The message is absent, the status unchanged, the assignee and the tag still there, updated_at kept.
      const ticketAfter = (await w.get(ticketUrl)).data;
      expect(ticketAfter).toEqual(ticketBefore);
      expect(ticketAfter.messages.map((m: any) => m.content)).not.toContain('a message that must not stay');
      expect((await call(ctx.app, 'GET', `/api/v1/users/${encodeURIComponent(w.user.id)}`, { token })).status).toBe(
        200,
      );
      expect((await call(ctx.app, 'GET', `/api/v1/tags/${w.tag.id}`, { token })).status).toBe(200);
      expect(
        (await w.get(`/api/v1/tickets?assignee_id=${encodeURIComponent(w.user.id)}`)).data.map((t: any) => t.id),
      ).toEqual([w.ticket.id]);
      expect((await w.get(`/api/v1/tickets?tag_id=${w.tag.id}`)).data.map((t: any) => t.id)).toEqual([w.ticket.id]);
      expect(await w.deliveries()).toHaveLength(queuedBefore);
    });

    it('each change that succeeds has its delivery row committed when the response arrives', async () => {
      const w = await world();
      const { token } = w;
      const latest = async (event: string, matches: (payload: any) => boolean) =>
        (await w.deliveries()).filter((d) => d.event === event && matches(d.payload));

      const created = await call(ctx.app, 'POST', '/api/v1/tickets', {
        token,
        body: { subject: 'Second', message: 'Hi', customer: { email: 'bob@example.com' } },
      });
      expect(created.status).toBe(201);
      expect(await latest('ticket.created', (p) => p.data.id === created.body.data.id)).toHaveLength(1);

      const message = await call(ctx.app, 'POST', `/api/v1/tickets/${w.ticket.id}/messages`, {
        token,
        body: { content: 'More' },
      });
      expect(message.status).toBe(201);
      expect(await latest('message.created', (p) => p.data.id === message.body.data.id)).toHaveLength(1);

      const patched = await call(ctx.app, 'PATCH', `/api/v1/tickets/${w.ticket.id}`, {
        token,
        body: { status: 'PENDING' },
      });
      expect(patched.status).toBe(200);
      expect(
        await latest('ticket.updated', (p) => p.data.id === w.ticket.id && p.data.changes?.status?.to === 'PENDING'),
      ).toHaveLength(1);

      const userGone = await call(ctx.app, 'DELETE', `/api/v1/users/${encodeURIComponent(w.user.id)}`, { token });
      expect(userGone.status).toBe(200);
      expect(
        await latest(
          'ticket.updated',
          (p) =>
            p.data.id === w.ticket.id &&
            p.data.changes?.assignee?.from?.id === w.user.id &&
            p.data.changes.assignee.to === null,
        ),
      ).toHaveLength(1);

      const tagGone = await call(ctx.app, 'DELETE', `/api/v1/tags/${w.tag.id}`, { token });
      expect(tagGone.status).toBe(200);
      expect(
        await latest(
          'ticket.updated',
          (p) => p.data.id === w.ticket.id && p.data.changes?.tags !== undefined && p.data.changes.tags.to.length === 0,
        ),
      ).toHaveLength(1);
    });
  },
  { partitioned: true },
);
