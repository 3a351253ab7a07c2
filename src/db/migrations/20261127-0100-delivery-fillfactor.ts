import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// PostgreSQL: webhook_deliveries' new pages are filled to DELIVERY_FILLFACTOR %, leaving room on each
// for the row versions its rows' claims write. A delivery row is written three times: inserted with its
// event, leased by a claim (lease_until, lease_token: no indexed column) and recorded. A lease's new
// version that fits on the row's own page is a HOT update, with no new entry in the primary key or the
// queue index (nor one for vacuum to remove later); on pages packed full (the default, 100) it went to
// another page with both. Measured from a backlog (bench/helpers/worker-cpu.ts, 30 k deliveries a
// round, settings interleaved): HOT updates 0.50 per delivery at 100, 0.66 at 80, 0.77 at 70, 0.94 at
// 60, 0.99 at 50; PostgreSQL's CPU 38.6 µs per delivery at 100 (mean of 8 rounds), 33.8 at 60 (4).
// Recording changes indexed columns (next_attempt_at, attempt_count) and is never HOT. Room costs
// nothing measurable: the versions a claim and a record leave behind take that room anyway (dead
// until vacuum), on the row's page or, when it is full, on new ones. 100,000 deliveries in batches of
// 100 (insert, lease, record, each committed; then VACUUM): 5,000 heap pages at 60 against 5,005 at
// 100, indexes 2,553 against 2,641. Only pages written from now on are affected. SQLite has no such
// setting.

export const DELIVERY_FILLFACTOR = 60;

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect !== 'postgres') return;
  const fillfactor = sql.lit(DELIVERY_FILLFACTOR);
  // A table partitioned by hand (PARTITION BY HASH (organization_id), as a distributed deployment's
  // shards are) takes the setting on its leaf partitions: the parent has no pages of its own.
  const { rows } = await sql<{ name: string }>`
    SELECT oid::regclass::text AS name FROM pg_class WHERE oid = 'webhook_deliveries'::regclass AND relkind = 'r'
    UNION ALL
    SELECT relid::regclass::text FROM pg_partition_tree('webhook_deliveries'::regclass) WHERE isleaf`.execute(db);
  for (const { name } of rows) await sql`ALTER TABLE ${sql.raw(name)} SET (fillfactor = ${fillfactor})`.execute(db);
}
