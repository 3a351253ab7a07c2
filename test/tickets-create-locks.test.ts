import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import { deferred } from './support/deferred.js';
import { describeEachDialect } from './support/harness.js';

// Every create of an organization changes rows the organization shares (the ticket number, the status
// bucket, the customer total, the usage row). Where writers run concurrently (PostgreSQL), those rows
// must not be held through the whole transaction: the ticket number is taken in a statement that
// commits at once, and the other shared rows are changed last, just before the commit. So a create
// whose transaction is still open (here: held as it records its ticket.created event, after its new
// customer was written) does not stop the next create of the same organization. SQLite has one writer at a
// time, so there is nothing to show there.

describeEachDialect(
  'ticket creates: shared counter rows',
  (ctx) => {
    it('a create still in its transaction does not hold up the next create of its organization', async () => {
      const org = await ctx.createOrg();
      const events = ctx.container.events;
      const recordWrites = events.recordWrites.bind(events);
      const gate = deferred();
      const inside = deferred();
      let held = false;
      // The first create's ticket.created (after its new customer's row and event): held there once.
      const spy = vi.spyOn(events, 'recordWrites').mockImplementation(async (t, event) => {
        if (event.type === 'ticket.created' && !held) {
          held = true;
          inside.resolve();
          await gate.promise;
        }
        return recordWrites(t, event);
      });
      try {
        const body = (email: string) => ({ subject: 'Locks', message: 'hello', customer: { email } });
        const first = org.api.post('/api/v1/tickets', body('first@example.com'));
        await inside.promise;
        // The first transaction is open, holding what it wrote so far; the second runs to its commit.
        const second = await Promise.race([
          org.api.post('/api/v1/tickets', body('second@example.com')),
          first.then(() => null),
        ]);
        expect(second?.status).toBe(201);
        gate.resolve();
        const done = await first;
        expect(done.status).toBe(201);
        expect([done.body.data.ticket_number, second!.body.data.ticket_number]).toEqual(['1', '2']);
      } finally {
        gate.resolve();
        spy.mockRestore();
      }
      // Both creates are counted exactly once in every shared row.
      const db = ctx.database.db;
      const of = org.id;
      const one = async (q: Promise<{ n: unknown } | undefined>) => Number((await q)?.n ?? -1);
      expect(
        await one(
          db
            .selectFrom('ticket_counts')
            .select(sql<number>`sum(count)`.as('n'))
            .where('organization_id', '=', of)
            .executeTakeFirst(),
        ),
      ).toBe(2);
      expect(
        await one(
          db
            .selectFrom('customer_counts')
            .select(sql<number>`sum(count)`.as('n'))
            .where('organization_id', '=', of)
            .executeTakeFirst(),
        ),
      ).toBe(2);
      expect(
        await one(
          db
            .selectFrom('ticket_usage')
            .select(sql<number>`sum(count)`.as('n'))
            .where('organization_id', '=', of)
            .executeTakeFirst(),
        ),
      ).toBe(2);
      expect(
        await one(
          db
            .selectFrom('organization_counters')
            .select('ticket_seq as n')
            .where('organization_id', '=', of)
            .executeTakeFirst(),
        ),
      ).toBe(2);
    });
  },
  { dialects: ['postgres'], partitioned: true },
);
