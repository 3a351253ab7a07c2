import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { logSettled } from './support/event-log.js';
import { describeEachDialect, type TestOrg } from './support/harness.js';
import { postTicket } from './support/ticket-fixtures.js';

// On PostgreSQL every statement is a round trip, and its socket write alone was measured
// at ~70-120 µs of the API's CPU (bench row 2). A create under the default plan (no ticket limit)
// is pinned at four: the ticket number (which reads the plan itself), the customer (BEGIN travels with
// it), the webhooks, and one statement of every write, which leaves with the COMMIT
// (db/pg-held-statements.ts); a new customer adds its insert (its event rides the writes). The workers'
// wake-up goes on a connection of its own and is not counted. Adding a message: its ticket's event
// lock, the ticket, the author, the webhooks, the writes with the COMMIT.

// Spied on before the pools make their clients (they bind the method when made).
const spy = vi.spyOn(pg.Client.prototype, 'query');
afterAll(() => spy.mockRestore());

const statementsOf = async (fn: () => Promise<unknown>) => {
  spy.mockClear();
  await fn();
  return spy.mock.calls
    .map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text))
    .filter((text) => !text.includes('pg_notify'))
    .map((text) => text.replace(/\s+/g, ' '));
};

describeEachDialect(
  'ticket create: statements',
  (ctx) => {
    let org: TestOrg;
    beforeAll(async () => {
      org = await ctx.createOrg();
      for (const k of [1, 2]) {
        expect(
          (
            await org.api.post('/api/v1/webhooks', {
              name: `h${k}`,
              url: `http://127.0.0.1:9/h${k}`,
              events: ['ticket.created', 'customer.created'],
            })
          ).status,
        ).toBe(201);
      }
      expect((await postTicket(org.api, { customer: { email: 'known@example.com' } })).status).toBe(201);
    });

    it('an existing customer: 4 statements', async () => {
      const texts = await statementsOf(async () =>
        expect((await postTicket(org.api, { customer: { email: 'known@example.com' } })).status).toBe(201),
      );
      expect(texts).toEqual([
        expect.stringMatching(/^update "organization_counters" .* not exists \(select "tickets_limit" from "plans"/),
        expect.stringMatching(/^select [^()]* from "customers" where/),
        expect.stringMatching(/^select "id", "events" from "webhooks" .* for key share$/),
        expect.stringMatching(/^\/\* sent with commit \*\/ with "w0" as \(insert into "tickets"/),
      ]);
    });

    it('a new customer: 5 statements, its customer.created event and deliveries in the writes', async () => {
      const before = await ctx.database.db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('organization_id', '=', org.id)
        .executeTakeFirstOrThrow();
      const texts = await statementsOf(async () =>
        expect((await postTicket(org.api, { customer: { email: 'new@example.com' } })).status).toBe(201),
      );
      expect(texts).toHaveLength(5);
      expect(texts[2]).toMatch(/^insert into "customers"/);
      const after = await ctx.database.db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('organization_id', '=', org.id)
        .executeTakeFirstOrThrow();
      // Two webhooks, two events each.
      expect(Number(after.n) - Number(before.n)).toBe(4);
      // Readable once every transaction older than it has ended, in any database of the cluster.
      await logSettled(ctx);
      const types = await org.api.get<{ data: { type: string }[] }>('/api/v1/events?limit=100');
      expect(types.body.data.map((e) => e.type).slice(-2)).toEqual(['customer.created', 'ticket.created']);
    });

    it("a message added: 5 statements (the message, its ticket's count, event and deliveries in one, with the COMMIT)", async () => {
      const ticket = await postTicket(org.api, { customer: { email: 'known@example.com' } });
      const texts = await statementsOf(async () =>
        expect(
          (await org.api.post(`/api/v1/tickets/${ticket.body.data.id}/messages`, { content: 'more' })).status,
        ).toBe(201),
      );
      expect(texts).toEqual([
        expect.stringMatching(/^SELECT pg_advisory_xact_lock/),
        expect.stringMatching(/from "tickets" .* for update$/),
        expect.stringMatching(/from "customers"/),
        expect.stringMatching(/^select "id", "events" from "webhooks" .* for key share$/),
        expect.stringMatching(
          /^\/\* sent with commit \*\/ with "w0" as \(insert into "messages" .*\(update "tickets" set "message_count" = message_count \+ 1/,
        ),
      ]);
    });
  },
  { dialects: ['postgres'] },
);
