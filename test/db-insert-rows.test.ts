import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDialect } from './support/harness.js';

// TenantDb.insertRows: a batch's rows as one JSON parameter on PostgreSQL (one statement text whatever
// their number), stored as insertInto stores them: the handle's organization, the columns' defaults
// for what a row leaves out, every value as given. Rows it cannot send so (different keys, a value
// with no plain JSON form, a single row) and SQLite take insertInto.

describeEachDialect(
  'inserting a batch of rows (insertRows)',
  (ctx) => {
    const events = (n: number, at: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: randomUUID(),
        type: 'ticket.created',
        data: JSON.stringify({ n: i, html: '<script>alert(1)</script>', quote: `it's "quoted" \\ ${'é'}` }),
        created_at: at + i,
      }));

    const stored = (ids: string[]) =>
      ctx.database.db
        .selectFrom('events')
        .select(['organization_id', 'id', 'type', 'data', 'created_at', 'seq'])
        .where('id', 'in', ids)
        .orderBy('created_at')
        .execute();

    it('stores every row under the handle organization with its defaults, in one text whatever the number', async () => {
      const org = await ctx.createOrg();
      const other = await ctx.createOrg();
      const t = ctx.database.forOrganization(org.id);
      const three = events(3, 1_000);
      const five = events(5, 2_000).map((e) => ({ ...e, organization_id: other.id }));
      const q3 = t.insertRows('events', three).compile();
      const q5 = t.insertRows('events', five).compile();
      if (ctx.dialect === 'postgres') {
        expect(q3.sql).toBe(q5.sql);
        expect(q3.sql).toMatch(/json_populate_recordset/);
        expect(q3.parameters).toHaveLength(2);
      } else {
        expect(q3.sql).not.toBe(q5.sql);
      }
      await t.db.executeQuery(q3);
      await t.db.executeQuery(q5);

      const rows = await stored([...three, ...five].map((e) => e.id));
      // The handle's organization, whatever a row said; the values as given; seq from its default.
      expect(rows.map((r) => [r.organization_id, r.id, r.type, r.data, Number(r.created_at)])).toEqual(
        [...three, ...five].map((e) => [org.id, e.id, e.type, e.data, e.created_at]),
      );
      const seqs = rows.map((r) => Number(r.seq));
      expect(seqs.every((s) => Number.isInteger(s) && s > 0)).toBe(true);
      expect(new Set(seqs).size).toBe(8);
    });

    it('takes insertInto for a single row, rows with different keys, and values with no plain JSON form', async () => {
      const org = await ctx.createOrg();
      const t = ctx.database.forOrganization(org.id);
      const json = /json_populate_recordset/;
      expect(t.insertRows('events', events(1, 0)).compile().sql).not.toMatch(json);
      const [a, b] = events(2, 0);
      const { created_at: _, ...withoutTime } = b;
      expect(t.insertRows('events', [a, withoutTime as typeof b]).compile().sql).not.toMatch(json);
      // An undefined value is a key left out, as insertInto leaves it out.
      expect(t.insertRows('events', [a, { ...b, extra: undefined } as typeof b]).compile().sql).toMatch(
        ctx.dialect === 'postgres' ? json : /values/i,
      );
      expect(
        t.insertRows('events', [a, { ...b, data: Buffer.from('x') as unknown as string }]).compile().sql,
      ).not.toMatch(json);
      expect(t.insertRows('events', [a, { ...b, data: { x: 1 } as unknown as string }]).compile().sql).not.toMatch(
        json,
      );
    });
  },
  // Every tenant table hash-partitioned by organization: the row type is the partitioned table's.
  { partitioned: true },
);
