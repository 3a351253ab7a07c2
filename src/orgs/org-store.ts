import { sql } from 'kysely';
import type { Dialect, Executor } from '../db/database.js';

export async function insertOrganization(db: Executor, row: { id: string; name: string; created_at: number }): Promise<void> {
  await db.insertInto('organizations').values(row).execute();
  await db.insertInto('organization_counters').values({ organization_id: row.id, ticket_seq: 0, customer_count: 0 }).execute();
}

export function findOrganization(db: Executor, id: string) {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listOrganizations(db: Executor) {
  return db.selectFrom('organizations').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function hasAnyOrganization(db: Executor): Promise<boolean> {
  const row = await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Serializes first-start bootstraps across processes (SQLite already has a single writer). */
export async function lockForBootstrap(db: Executor, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(7201152201)`.execute(db);
}
