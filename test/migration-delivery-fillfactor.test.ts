import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { DELIVERY_FILLFACTOR, up } from '../src/db/migrations/20261127-0100-delivery-fillfactor.js';
import { describeEachDialect } from './support/harness.js';

// 20261127-0100: webhook_deliveries' pages keep room for the row versions claims write (HOT updates:
// no index entries for a lease). On a partitioned table the leaves hold the pages and the setting.
// SQLite has no fillfactor.

describeEachDialect(
  'migration: webhook_deliveries fillfactor',
  (ctx) => {
    const storage = async () => {
      const { rows } = await sql<{ name: string; kind: string; options: string[] | null }>`
      SELECT relname AS name, relkind AS kind, reloptions AS options FROM pg_class
       WHERE oid = 'webhook_deliveries'::regclass
          OR oid IN (SELECT relid FROM pg_partition_tree('webhook_deliveries'::regclass) WHERE isleaf)`.execute(
        ctx.database.db,
      );
      const withPages = rows.filter((r) => r.kind === 'r');
      expect(withPages.length).toBeGreaterThan(0);
      return withPages;
    };

    it('fills the pages of webhook_deliveries (or of its partitions) to DELIVERY_FILLFACTOR % (PostgreSQL)', async () => {
      if (ctx.dialect === 'sqlite') return;
      for (const r of await storage()) expect(r.options, r.name).toContain(`fillfactor=${DELIVERY_FILLFACTOR}`);
    });

    it('sets it on the table, or on each leaf partition of a partitioned one, when it runs (PostgreSQL)', async () => {
      if (ctx.dialect === 'sqlite') return;
      for (const r of await storage())
        await sql`ALTER TABLE ${sql.id(r.name)} RESET (fillfactor)`.execute(ctx.database.db);
      for (const r of await storage())
        expect(r.options ?? [], r.name).not.toContain(`fillfactor=${DELIVERY_FILLFACTOR}`);
      await up(ctx.database.db, 'postgres');
      for (const r of await storage()) expect(r.options, r.name).toContain(`fillfactor=${DELIVERY_FILLFACTOR}`);
    });
  },
  { partitioned: true },
);
