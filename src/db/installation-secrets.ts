import type { Sql } from './sql-handle.js';

// Secrets of the installation itself (the key sealing event cursors, the key encrypting two-factor
// secrets when SECRET_KEY is unset), shared by every process of a deployment because they live in its
// database, in installation_secrets: one row per purpose, belonging to no organization.

/**
 * The installation's secret of this name (base64), created from `fresh` by the first caller of any
 * process: insert-if-absent, then read, so racing processes all end up with the one row that won.
 */
export async function installationSecret(s: Sql, name: string, fresh: string, now: number): Promise<string> {
  await s.db
    .insertInto('installation_secrets')
    .values({ name, secret: fresh, created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await s.db
    .selectFrom('installation_secrets')
    .select('secret')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.secret;
}
