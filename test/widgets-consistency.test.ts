import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { sweepWidgets } from '../src/widgets/widget-upkeep.js';
import { describeEachDialect } from './support/harness.js';
import { createWidget, visitor } from './support/widget-visitors.js';

// A widget conversation's ticket and its link to the visitor commit together (a failed link leaves no
// ticket behind); expired visitor sessions and long-ended rate windows are deleted by the upkeep,
// while the tickets of those sessions stay and live sessions are untouched.

describeEachDialect('chat widget consistency', (ctx) => {
  let n = 0;
  const address = () => `198.18.0.${++n}`;
  const count = async (table: 'tickets' | 'widget_conversations', orgId: string) =>
    Number(
      (
        await ctx.database.db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .where('organization_id', '=', orgId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('writes the ticket and its visitor link in one transaction: a failing link leaves no ticket', async () => {
    const org = await ctx.createOrg();
    const widget = await createWidget(org, { identity: 'off' });
    const v = visitor(ctx.app, widget.key, { address: address() });
    await v.open();
    // The link's insert fails (as a crash between two transactions would have left it half done).
    const trigger =
      ctx.dialect === 'postgres'
        ? [
            sql`CREATE FUNCTION refuse_link() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected'; END $$`,
            sql`CREATE TRIGGER refuse_link BEFORE INSERT ON widget_conversations FOR EACH ROW EXECUTE FUNCTION refuse_link()`,
          ]
        : [
            sql`CREATE TRIGGER refuse_link BEFORE INSERT ON widget_conversations BEGIN SELECT RAISE(ABORT, 'injected'); END`,
          ];
    for (const statement of trigger) await statement.execute(ctx.database.db);
    try {
      const failed = await v.request('POST', '/conversations', { message: 'Hello', email: 'v@example.com' });
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect(await count('tickets', org.id)).toBe(0);
      const visitorRow = await ctx.database.db
        .selectFrom('widget_visitors')
        .select(['email', 'customer_id'])
        .where('organization_id', '=', org.id)
        .executeTakeFirstOrThrow();
      expect(visitorRow).toEqual({ email: null, customer_id: null });
    } finally {
      await sql`DROP TRIGGER refuse_link${sql.raw(ctx.dialect === 'postgres' ? ' ON widget_conversations' : '')}`.execute(
        ctx.database.db,
      );
      if (ctx.dialect === 'postgres') await sql`DROP FUNCTION refuse_link()`.execute(ctx.database.db);
    }
    const opened = await v.request('POST', '/conversations', { message: 'Hello', email: 'v@example.com' });
    expect(opened.status).toBe(201);
    expect(await count('tickets', org.id)).toBe(1);
    expect(await count('widget_conversations', org.id)).toBe(1);
  });

  it('deletes expired visitor sessions and ended rate windows; their tickets and live sessions stay', async () => {
    const org = await ctx.createOrg();
    const widget = await createWidget(org, { identity: 'off' });
    const old = visitor(ctx.app, widget.key, { address: address() });
    await old.open();
    const opened = await old.request('POST', '/conversations', { message: 'Hi', email: 'old@example.com' });
    expect(opened.status).toBe(201);
    const asked = Date.now();
    // 31 days later a new visitor comes; the first session (30 days) has expired.
    ctx.clock.set(asked + 31 * 86_400_000);
    const fresh = visitor(ctx.app, widget.key, { address: address() });
    await fresh.open();
    // Two hours later every window of the first day has ended long ago.
    ctx.clock.set(asked + 31 * 86_400_000 + 2 * 3_600_000);
    await sweepWidgets({ database: ctx.database, clock: ctx.clock, visitors: ctx.container.visitors });
    const visitors = await ctx.database.db
      .selectFrom('widget_visitors')
      .select('id')
      .where('organization_id', '=', org.id)
      .execute();
    expect(visitors).toHaveLength(1);
    const lookups = await ctx.database.db
      .selectFrom('widget_visitor_lookup')
      .select('visitor_id')
      .where('owner_organization_id', '=', org.id)
      .execute();
    expect(lookups.map((l) => l.visitor_id)).toEqual(visitors.map((v) => v.id));
    expect(await count('tickets', org.id)).toBe(1);
    expect(await count('widget_conversations', org.id)).toBe(1);
    const windows = await ctx.database.db
      .selectFrom('widget_rate_windows')
      .select('ends_at')
      .where('ends_at', '<', ctx.clock() - 3_600_000)
      .execute();
    expect(windows).toEqual([]);
    expect((await fresh.request('GET', '/conversations')).status).toBe(200);
    expect((await old.request('GET', '/conversations')).status).toBe(401);
  });
});
