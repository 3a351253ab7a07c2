import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { countRows } from './support/fixtures.js';
import { describeEachDialect, type TestOrg } from './support/harness.js';
import { postTicket } from './support/ticket-fixtures.js';

// On PostgreSQL a create's writes leave with its COMMIT (Sql.writeLast, db/pg-held-statements.ts), so
// their failure is the COMMIT's. A trigger makes the ticket insert fail: a deadlock once (the create
// runs again and succeeds, stored once), or every time (nothing of it is stored).

describeEachDialect(
  'ticket create: writes failing with the COMMIT',
  (ctx) => {
    let org: TestOrg;
    const count = (table: 'tickets' | 'events' | 'webhook_deliveries' | 'customers') => countRows(ctx, table, org.id);

    beforeAll(async () => {
      org = await ctx.createOrg();
      expect(
        (
          await org.api.post('/api/v1/webhooks', {
            name: 'h',
            url: 'http://127.0.0.1:9/h',
            events: ['ticket.created', 'customer.created'],
          })
        ).status,
      ).toBe(201);
      // nextval is not rolled back with the transaction: the first 'deadlock once' insert fails, later ones pass.
      await sql`create sequence test_fail_once`.execute(ctx.database.db);
      await sql`create function test_failing_insert() returns trigger language plpgsql as $$
        begin
          if new.subject = 'deadlock once' and nextval('test_fail_once') = 1 then
            raise exception 'injected deadlock' using errcode = '40P01';
          end if;
          if new.subject = 'always fails' then raise exception 'injected failure' using errcode = 'P0001'; end if;
          return new;
        end $$`.execute(ctx.database.db);
      await sql`create trigger test_failing_insert before insert on tickets for each row execute function test_failing_insert()`.execute(
        ctx.database.db,
      );
    });

    it('a deadlock in the writes fails the COMMIT: the create runs again and is stored once, with its event and delivery', async () => {
      const before = {
        tickets: await count('tickets'),
        events: await count('events'),
        deliveries: await count('webhook_deliveries'),
      };
      const res = await postTicket(org.api, { subject: 'deadlock once', customer: { email: 'once@example.com' } });
      expect(res.status).toBe(201);
      expect(await count('tickets')).toBe(before.tickets + 1);
      // ticket.created and the new customer's customer.created, one delivery each.
      expect(await count('events')).toBe(before.events + 2);
      expect(await count('webhook_deliveries')).toBe(before.deliveries + 2);
      expect((await org.api.get(`/api/v1/tickets/${res.body.data.id}`)).body.data.subject).toBe('deadlock once');
    });

    it('writes failing every time: the create fails and nothing of it is stored', async () => {
      const before = {
        tickets: await count('tickets'),
        events: await count('events'),
        deliveries: await count('webhook_deliveries'),
        customers: await count('customers'),
      };
      const res = await postTicket(org.api, { subject: 'always fails', customer: { email: 'never@example.com' } });
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(res.body.error).toBeDefined();
      expect({
        tickets: await count('tickets'),
        events: await count('events'),
        deliveries: await count('webhook_deliveries'),
        customers: await count('customers'),
      }).toEqual(before);
      // The connection is usable again: the next create succeeds.
      expect((await postTicket(org.api, { subject: 'fine', customer: { email: 'never@example.com' } })).status).toBe(
        201,
      );
    });
  },
  { dialects: ['postgres'] },
);
