import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { TenantScopeError } from '../src/db/tenant-guard.js';
import { describeEachDialect } from './support/harness.js';
import { createTicket } from './support/ticket-fixtures.js';

// Every statement an organization-scoped handle runs is confined to its organization by construction
// (the query starters add the condition) and, under test, verified by the tenant guard: a statement
// written around the starters without the condition is refused before it reaches the database.

describeEachDialect(
  'tenant scope of store handles',
  (ctx) => {
    const ticketOf = async () => {
      const org = await ctx.createOrg();
      const ticket = await createTicket(org.api, { subject: 'Scoped' });
      return { org, ticketId: ticket.id as string };
    };

    it('adds the organization to selects, updates, deletes and inserts made with the starters', async () => {
      const { org, ticketId } = await ticketOf();
      const mine = ctx.database.forOrganization(org.id);
      const other = ctx.database.forOrganization((await ctx.createOrg()).id);
      expect(await mine.selectFrom('tickets').select('id').where('id', '=', ticketId).executeTakeFirst()).toEqual({
        id: ticketId,
      });
      expect(
        await other.selectFrom('tickets').select('id').where('id', '=', ticketId).executeTakeFirst(),
      ).toBeUndefined();
      const updated = await other
        .updateTable('tickets')
        .set({ subject: 'stolen' })
        .where('id', '=', ticketId)
        .executeTakeFirst();
      expect(Number(updated.numUpdatedRows)).toBe(0);
      const deleted = await other.deleteFrom('messages').where('ticket_id', '=', ticketId).executeTakeFirst();
      expect(Number(deleted.numDeletedRows)).toBe(0);
      const row = await ctx.database.db
        .selectFrom('tickets')
        .select('subject')
        .where('id', '=', ticketId)
        .executeTakeFirstOrThrow();
      expect(row.subject).toBe('Scoped');
    });

    it('refuses a statement on a tenant table without the organization condition, before it runs', async () => {
      const { org, ticketId } = await ticketOf();
      const t = ctx.database.forOrganization(org.id);
      await expect(
        t.db.updateTable('tickets').set({ subject: 'unscoped' }).where('id', '=', ticketId).execute(),
      ).rejects.toBeInstanceOf(TenantScopeError);
      await expect(
        sql`select count(*) from messages where ticket_id = ${ticketId}`.execute(t.db),
      ).rejects.toBeInstanceOf(TenantScopeError);
      // A join whose second table is not tied to the organization.
      await expect(
        t
          .selectFrom('tickets')
          .innerJoin('customers', 'customers.id', 'tickets.customer_id')
          .select('tickets.id')
          .execute(),
      ).rejects.toBeInstanceOf(TenantScopeError);
      const row = await ctx.database.db
        .selectFrom('tickets')
        .select('subject')
        .where('id', '=', ticketId)
        .executeTakeFirstOrThrow();
      expect(row.subject).toBe('Scoped');
    });

    it('refuses a condition naming another organization', async () => {
      const { org, ticketId } = await ticketOf();
      const other = await ctx.createOrg();
      const t = ctx.database.forOrganization(other.id);
      await expect(
        t.db
          .selectFrom('tickets')
          .select('id')
          .where('organization_id', '=', org.id)
          .where('id', '=', ticketId)
          .execute(),
      ).rejects.toBeInstanceOf(TenantScopeError);
    });
  },
  { partitioned: true },
);
