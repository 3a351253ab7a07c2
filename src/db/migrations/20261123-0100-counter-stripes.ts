import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// The organization's shared counters get a `stripe` column in their keys: a
// total is the sum of its stripes' rows, and concurrent writers add to different rows instead of
// queueing on one until each other's commit (see db/counter-stripes.ts). Existing rows become
// stripe 0 with their counts unchanged, so every sum is what the single row said.
//
//   ticket_counts    (organization_id, status, priority)  → (organization_id, status, priority, stripe)
//   customer_counts  (organization_id)                    → (organization_id, stripe)
//   ticket_usage     (organization_id, bucket)            → (organization_id, bucket, stripe)
//
// PostgreSQL alters the keys in place (constraint names as the earlier migrations left them; the
// migration runs in one transaction, so a mismatch rolls everything back). SQLite cannot change a
// primary key: each table is rebuilt with the same columns and copied.

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect === 'postgres') await upPostgres(db);
  else await upSqlite(db);
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  const statements = [
    `ALTER TABLE ticket_counts ADD COLUMN stripe smallint NOT NULL DEFAULT 0,
       DROP CONSTRAINT ticket_counts_pk, ADD CONSTRAINT ticket_counts_pk PRIMARY KEY (organization_id, status, priority, stripe)`,
    `ALTER TABLE customer_counts ADD COLUMN stripe smallint NOT NULL DEFAULT 0,
       DROP CONSTRAINT customer_counts_pkey, ADD CONSTRAINT customer_counts_pk PRIMARY KEY (organization_id, stripe)`,
    `ALTER TABLE ticket_usage ADD COLUMN stripe smallint NOT NULL DEFAULT 0,
       DROP CONSTRAINT ticket_usage_pk, ADD CONSTRAINT ticket_usage_pk PRIMARY KEY (organization_id, bucket, stripe)`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  const organization = `organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE`;
  const tables: { name: string; columns: string[]; key: string[] }[] = [
    {
      name: 'ticket_counts',
      columns: [organization, 'status text NOT NULL', 'priority text NOT NULL', 'count integer NOT NULL DEFAULT 0'],
      key: ['organization_id', 'status', 'priority'],
    },
    { name: 'customer_counts', columns: [organization, 'count integer NOT NULL DEFAULT 0'], key: ['organization_id'] },
    {
      name: 'ticket_usage',
      columns: [organization, 'bucket integer NOT NULL', 'count integer NOT NULL'],
      key: ['organization_id', 'bucket'],
    },
  ];
  for (const t of tables) {
    const names = [...t.key, ...t.columns.map((c) => c.split(' ')[0]!).filter((c) => !t.key.includes(c))].join(', ');
    await sql
      .raw(
        `CREATE TABLE ${t.name}_striped (${t.columns.join(', ')}, stripe integer NOT NULL DEFAULT 0,
          CONSTRAINT ${t.name}_pk PRIMARY KEY (${[...t.key, 'stripe'].join(', ')}))`,
      )
      .execute(db);
    await sql.raw(`INSERT INTO ${t.name}_striped (${names}, stripe) SELECT ${names}, 0 FROM ${t.name}`).execute(db);
    await sql.raw(`DROP TABLE ${t.name}`).execute(db);
    await sql.raw(`ALTER TABLE ${t.name}_striped RENAME TO ${t.name}`).execute(db);
  }
}
