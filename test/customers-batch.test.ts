import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { emailKey } from '../src/shared/ids.js';
import { describeEachDialect } from './support/harness.js';

// A batch's customers are found or created together (customers/customer-batch.ts). A customer that
// another transaction creates between the batch's read and its insert is read back, as one by one
// reads the winner of that race: the batch neither fails nor makes a second customer, and raises no
// customer.created event for it. Only PostgreSQL runs two writing transactions at once.

describeEachDialect(
  'customers of a batch created by another transaction meanwhile',
  (ctx) => {
    it('reads the other transaction’s customer and creates only the rest', async () => {
      const org = await ctx.createOrg();
      const scoped = ctx.database.forOrganization(org.id);
      const raced = `Raced-${Date.now()}@Example.com`;
      const fresh = `fresh-${Date.now()}@example.com`;
      const theirs = '00000000-0000-7000-8000-00000000a11c';
      let inserted!: () => void;
      const insertedThere = new Promise<void>((resolve) => (inserted = resolve));
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // The other transaction inserts the customer and holds its commit.
      const other = scoped.transaction(async (t) => {
        await t
          .insertInto('customers', {
            id: theirs,
            email: raced,
            email_key: emailKey(raced),
            name: 'Theirs',
            external_user_id: null,
            external_organization_id: null,
            external_organization_name: null,
            avatar_url: null,
            metadata: 'null',
            ticket_count: 0,
            created_at: 1,
            updated_at: 1,
          })
          .execute();
        inserted();
        await held;
      });
      await insertedThere;
      // The batch does not see it (uncommitted), and its insert waits on it.
      const batch = scoped.transaction((t) =>
        ctx.container.customers.findOrCreateManyForTickets(t, [{ email: raced, name: 'Mine' }, { email: fresh }], 5),
      );
      // Until the batch's insert waits for the other transaction's row (it read before that committed).
      const waiting = async () =>
        Number(
          (
            await sql<{ n: number }>`select count(*) as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`.execute(ctx.database.db)
          ).rows[0].n,
        );
      for (let i = 0; i < 200 && (await waiting()) === 0; i++) await sleep(10);
      expect(await waiting()).toBe(1);
      release();
      await other;
      const got = await batch;
      expect(got.byKey.get(emailKey(raced))?.id).toBe(theirs);
      expect(got.byKey.get(emailKey(raced))?.name).toBe('Theirs');
      expect(got.byKey.get(emailKey(fresh))?.email).toBe(fresh);
      expect(got.created).toBe(1);
      const stored = await ctx.database.db
        .selectFrom('customers')
        .select(['id', 'email_key'])
        .where('organization_id', '=', org.id)
        .execute();
      expect(stored.map((c) => c.email_key).sort()).toEqual([emailKey(fresh), emailKey(raced)].sort());
    });
  },
  { dialects: ['postgres'] },
);
