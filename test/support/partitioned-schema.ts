import pg from 'pg';
import { TENANT_TABLES } from '../../src/db/tenant-guard.js';

// Turns a freshly migrated PostgreSQL database into the "partitioned variant":
// every tenant table is recreated as PARTITION BY HASH (organization_id), which imposes the rules
// Citus imposes on distributed tables — every primary key and unique constraint must contain
// organization_id, and a statement that does not name its organization touches every partition
// (shard). Generic: columns, defaults, identity columns and CHECK constraints come over with
// CREATE TABLE … (LIKE …), keys, indexes and foreign keys are re-created from their catalog
// definitions (pg_get_constraintdef / pg_get_indexdef) read before anything is dropped.
// Non-tenant tables (organizations, api_key_lookup, kysely_migration*) stay as they are.

export const PARTITIONS = 4;

export interface UnpartitionableConstraint {
  table: string;
  name: string;
  definition: string;
  reason: string;
}

export interface PartitionReport {
  tables: string[];
  /** Constraints and indexes PostgreSQL refuses on a table partitioned by organization_id (left out). */
  dropped: UnpartitionableConstraint[];
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The name of partition n of table. */
export const partitionName = (table: string, n: number): string => `${table}_p${n}`;

export async function partitionTenantTables(url: string, partitions = PARTITIONS): Promise<PartitionReport> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await convert(client, partitions);
  } finally {
    await client.end();
  }
}

async function convert(c: pg.Client, partitions: number): Promise<PartitionReport> {
  const present = await c.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND relname = ANY($1)`,
    [[...TENANT_TABLES]],
  );
  const tables = present.rows.map((r) => r.name).sort();
  if (tables.length !== TENANT_TABLES.size) {
    const missing = [...TENANT_TABLES].filter((t) => !tables.includes(t));
    throw new Error(`tenant tables missing from the schema: ${missing.join(', ')}`);
  }

  // Every definition is read before anything changes.
  const constraints = await c.query<{ table: string; name: string; type: string; def: string }>(
    `SELECT cl.relname AS table, con.conname AS name, con.contype AS type, pg_get_constraintdef(con.oid) AS def
       FROM pg_constraint con JOIN pg_class cl ON cl.oid = con.conrelid
      WHERE cl.relnamespace = 'public'::regnamespace AND con.contype IN ('p', 'u', 'f', 'x')
        AND (cl.relname = ANY($1) OR con.confrelid IN (SELECT oid FROM pg_class WHERE relname = ANY($1) AND relnamespace = 'public'::regnamespace))
      ORDER BY con.contype DESC, cl.relname, con.conname`,
    [tables],
  );
  const constraintIndexes = new Set(
    (
      await c.query<{ name: string }>(
        `SELECT ci.relname AS name FROM pg_constraint con JOIN pg_class ci ON ci.oid = con.conindid
          WHERE con.connamespace = 'public'::regnamespace AND con.contype IN ('p', 'u', 'x')`,
      )
    ).rows.map((r) => r.name),
  );
  const indexes = (
    await c.query<{ table: string; name: string; def: string }>(
      `SELECT tablename AS table, indexname AS name, indexdef AS def FROM pg_indexes
        WHERE schemaname = 'public' AND tablename = ANY($1) ORDER BY tablename, indexname`,
      [tables],
    )
  ).rows.filter((i) => !constraintIndexes.has(i.name));
  const foreignKeys = constraints.rows.filter((k) => k.type === 'f');
  const keys = constraints.rows.filter((k) => k.type !== 'f');

  const dropped: UnpartitionableConstraint[] = [];
  // PostgreSQL refuses these with feature_not_supported; anything else is a real error.
  const attempt = async (table: string, name: string, definition: string, statement: string) => {
    await c.query('SAVEPOINT attempt');
    try {
      await c.query(statement);
      await c.query('RELEASE SAVEPOINT attempt');
    } catch (err) {
      await c.query('ROLLBACK TO SAVEPOINT attempt');
      if ((err as { code?: string }).code !== '0A000') throw err;
      dropped.push({ table, name, definition, reason: (err as Error).message });
    }
  };

  await c.query('BEGIN');
  try {
    for (const fk of foreignKeys) await c.query(`ALTER TABLE ${q(fk.table)} DROP CONSTRAINT ${q(fk.name)}`);
    for (const table of tables) {
      const old = `${table}__plain`;
      await c.query(`ALTER TABLE ${q(table)} RENAME TO ${q(old)}`);
      await c.query(
        `CREATE TABLE ${q(table)} (LIKE ${q(old)} INCLUDING DEFAULTS INCLUDING IDENTITY INCLUDING GENERATED INCLUDING CONSTRAINTS INCLUDING STORAGE)
           PARTITION BY HASH (organization_id)`,
      );
      // The plain table's storage parameters (e.g. webhook_deliveries' fillfactor) go to its partitions,
      // which hold the pages (a partitioned parent takes none).
      const { rows: storage } = await c.query<{ options: string[] | null }>(
        `SELECT reloptions AS options FROM pg_class WHERE oid = $1::regclass`,
        [old],
      );
      const withOptions = storage[0]?.options?.length ? ` WITH (${storage[0].options.join(', ')})` : '';
      for (let n = 0; n < partitions; n++) {
        await c.query(
          `CREATE TABLE ${q(partitionName(table, n))} PARTITION OF ${q(table)} FOR VALUES WITH (MODULUS ${partitions}, REMAINDER ${n})${withOptions}`,
        );
      }
      await c.query(`INSERT INTO ${q(table)} OVERRIDING SYSTEM VALUE SELECT * FROM ${q(old)}`);
      // Identity columns continue after the copied rows.
      const identities = await c.query<{ column: string }>(
        `SELECT attname AS column FROM pg_attribute WHERE attrelid = $1::regclass AND attidentity <> '' AND NOT attisdropped`,
        [table],
      );
      for (const { column } of identities.rows) {
        await c.query(
          `SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(${q(column)}) FROM ${q(table)}), 0) + 1, false)`,
          [table, column],
        );
      }
      await c.query(`DROP TABLE ${q(old)}`);
    }
    for (const k of keys)
      await attempt(k.table, k.name, k.def, `ALTER TABLE ${q(k.table)} ADD CONSTRAINT ${q(k.name)} ${k.def}`);
    for (const i of indexes) await attempt(i.table, i.name, i.def, i.def);
    for (const fk of foreignKeys) await c.query(`ALTER TABLE ${q(fk.table)} ADD CONSTRAINT ${q(fk.name)} ${fk.def}`);
    await c.query('COMMIT');
  } catch (err) {
    await c.query('ROLLBACK');
    throw err;
  }
  await c.query('ANALYZE');
  return { tables, dropped };
}
