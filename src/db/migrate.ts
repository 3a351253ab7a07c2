import { Migrator, sql, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { DatabaseConfig } from '../config.js';
import { openDatabase } from './database.js';
import * as core from './migrations/20261122-0001-core.js';
import * as plans from './migrations/20261122-0100-plans.js';
import * as webhooks from './migrations/20261122-0200-webhooks.js';
import * as tenantKeys from './migrations/20261122-0300-tenant-keys.js';
import * as apiKeyLookup from './migrations/20261122-0400-api-key-lookup.js';
import * as apiKeyHashNotGlobal from './migrations/20261122-0500-api-key-hash-not-global.js';
import * as webhookQueueIndex from './migrations/20261122-0600-webhook-queue-index.js';
import * as ticketTagsList from './migrations/20261122-0700-ticket-tags-list.js';
import * as customerCounts from './migrations/20261122-0800-customer-counts.js';
import * as idempotencyKeys from './migrations/20261122-0900-idempotency-keys.js';
import * as events from './migrations/20261122-1000-events.js';
import * as nativeUuid from './migrations/20261122-2000-native-uuid.js';
import * as counterStripes from './migrations/20261123-0100-counter-stripes.js';
import * as ginPendingLimit from './migrations/20261124-0100-gin-pending-limit.js';
import * as ftsMergesOffWriters from './migrations/20261124-0200-fts-merges-off-writers.js';
import * as deliveryHistoryIndex from './migrations/20261125-0100-delivery-history-index.js';
import * as subjectTrigramByStatus from './migrations/20261126-0100-subject-trigram-by-status.js';
import * as deliveryFillfactor from './migrations/20261127-0100-delivery-fillfactor.js';
import * as staffAccounts from './migrations/20261128-0100-staff-accounts.js';
import * as notes from './migrations/20261128-0200-notes.js';
import * as installationSecrets from './migrations/20261128-0300-installation-secrets.js';
import * as mailboxes from './migrations/20261129-0100-mailboxes.js';
import * as inboundEmail from './migrations/20261129-0110-inbound-email.js';
import * as widgets from './migrations/20261129-0200-widgets.js';
import * as knowledgeBase from './migrations/20261129-0300-knowledge-base.js';
import * as queueFilterIndexes from './migrations/20261129-0400-queue-filter-indexes.js';
import * as emailOutbox from './migrations/20261129-0500-email-outbox.js';
import * as imapPolling from './migrations/20261130-0100-imap-polling.js';
import * as attachments from './migrations/20261130-0200-attachments.js';
import * as aiAnswers from './migrations/20261130-0400-ai-answers.js';
import * as widgetFollowUps from './migrations/20261130-0500-widget-follow-ups.js';
import * as inboundQueueByOrganization from './migrations/20261201-0100-inbound-queue-by-organization.js';
import * as kbTerms from './migrations/20261201-0200-kb-terms.js';
import type { MigrationDialect } from './migrator.js';

interface MigrationModule {
  up(db: Kysely<any>, dialect: MigrationDialect): Promise<void>;
  down?(db: Kysely<any>, dialect: MigrationDialect): Promise<void>;
}

// Migrations are listed here rather than discovered on disk so they work the same under tsx, a
// bundle or a compiled build. Names are timestamps: append, never edit one that has landed.
const MIGRATIONS: Record<string, MigrationModule> = {
  '20261122-0001-core': core,
  '20261122-0100-plans': plans,
  '20261122-0200-webhooks': webhooks,
  '20261122-0300-tenant-keys': tenantKeys,
  '20261122-0400-api-key-lookup': apiKeyLookup,
  '20261122-0500-api-key-hash-not-global': apiKeyHashNotGlobal,
  '20261122-0600-webhook-queue-index': webhookQueueIndex,
  '20261122-0700-ticket-tags-list': ticketTagsList,
  '20261122-0800-customer-counts': customerCounts,
  '20261122-0900-idempotency-keys': idempotencyKeys,
  '20261122-1000-events': events,
  '20261122-2000-native-uuid': nativeUuid,
  '20261123-0100-counter-stripes': counterStripes,
  '20261124-0100-gin-pending-limit': ginPendingLimit,
  '20261124-0200-fts-merges-off-writers': ftsMergesOffWriters,
  '20261125-0100-delivery-history-index': deliveryHistoryIndex,
  '20261126-0100-subject-trigram-by-status': subjectTrigramByStatus,
  '20261127-0100-delivery-fillfactor': deliveryFillfactor,
  '20261128-0100-staff-accounts': staffAccounts,
  '20261128-0200-notes': notes,
  '20261128-0300-installation-secrets': installationSecrets,
  '20261129-0100-mailboxes': mailboxes,
  '20261129-0110-inbound-email': inboundEmail,
  '20261129-0200-widgets': widgets,
  '20261129-0300-knowledge-base': knowledgeBase,
  '20261129-0400-queue-filter-indexes': queueFilterIndexes,
  '20261129-0500-email-outbox': emailOutbox,
  '20261130-0100-imap-polling': imapPolling,
  '20261130-0200-attachments': attachments,
  '20261130-0400-ai-answers': aiAnswers,
  '20261130-0500-widget-follow-ups': widgetFollowUps,
  '20261201-0100-inbound-queue-by-organization': inboundQueueByOrganization,
  '20261201-0200-kb-terms': kbTerms,
};

class StaticProvider implements MigrationProvider {
  constructor(
    private readonly dialect: MigrationDialect,
    /** Inside inOneTransaction: each migration behind a savepoint (see there). */
    private readonly savepoints = false,
  ) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    const step = (run: (db: Kysely<any>) => Promise<void>) =>
      this.savepoints ? (db: Kysely<any>) => behindSavepoint(db, run) : run;
    for (const [name, mod] of Object.entries(MIGRATIONS)) {
      out[name] = {
        up: step((db) => mod.up(db, this.dialect)),
        down: mod.down ? step((db) => mod.down!(db, this.dialect)) : undefined,
      };
    }
    return out;
  }
}

// A failing migration rolls back to its savepoint, so the transaction stays usable: Kysely can still
// release its lock and report which migration failed (the whole run is then rolled back).
async function behindSavepoint(db: Kysely<any>, run: (db: Kysely<any>) => Promise<void>): Promise<void> {
  await sql`SAVEPOINT migration`.execute(db);
  try {
    await run(db);
  } catch (err) {
    await sql`ROLLBACK TO SAVEPOINT migration`.execute(db);
    throw err;
  }
  await sql`RELEASE SAVEPOINT migration`.execute(db);
}

// Kysely's migrator takes a session-level advisory lock, runs the pending migrations in a transaction,
// then unlocks: separate statements that a transaction-mode pooler (PgBouncer, when DATABASE_URL is one
// and no DATABASE_DIRECT_URL is set) sends to whichever server connection is free. The unlock then
// misses, the lock stays held on a pooled server connection, and the next start waits for it (up to
// Kysely's 1 h lock_timeout). So on PostgreSQL the whole run (migration tables, lock, state, migrations,
// unlock) is one transaction of ours on one connection, with Kysely's own transaction turned off. It
// first takes Kysely's lock key transaction-scoped: concurrent starts wait here (not fail creating the
// migration tables in parallel), and still exclude a migrator holding the key at session level.
const BEGIN_LOCKED = sql.raw('BEGIN; SELECT pg_advisory_xact_lock(3853314791062309107)'); // Kysely's LOCK_ID

async function inOneTransaction(
  db: Kysely<any>,
  run: (conn: Kysely<any>) => Promise<MigrationResultSet>,
): Promise<MigrationResultSet> {
  return db.connection().execute(async (conn) => {
    await BEGIN_LOCKED.execute(conn);
    let result: MigrationResultSet;
    try {
      result = await run(conn);
    } catch (err) {
      await sql`ROLLBACK`.execute(conn).catch(() => undefined);
      throw err;
    }
    // A failed run leaves nothing behind, as with Kysely's own transaction.
    await sql.raw(result.error ? 'ROLLBACK' : 'COMMIT').execute(conn);
    return result;
  });
}

export class MigrationError extends Error {}

/** The migrations' names, in order. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

export interface MigrateOptions {
  /** Stop after this migration instead of the latest (upgrade tests fill a database as it was before one). */
  upTo?: string;
}

/** Brings the schema up to date (or up to options.upTo); throws MigrationError naming the migration that failed. */
export async function migrateToLatest(
  database: { db: Kysely<any>; dialect: MigrationDialect },
  options: MigrateOptions = {},
): Promise<MigrationResultSet> {
  const target = options.upTo;
  if (target !== undefined && !(target in MIGRATIONS)) throw new MigrationError(`unknown migration ${target}`);
  const run = (migrator: Migrator) => (target === undefined ? migrator.migrateToLatest() : migrator.migrateTo(target));
  const result =
    database.dialect === 'postgres'
      ? await inOneTransaction(database.db, (db) =>
          run(new Migrator({ db, provider: new StaticProvider(database.dialect, true), disableTransactions: true })),
        )
      : await run(new Migrator({ db: database.db, provider: new StaticProvider(database.dialect) }));
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    // No migration ran (e.g. the database could not be reached): report the cause itself.
    if (!failed) throw result.error;
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new MigrationError(`migration ${failed.migrationName} failed: ${cause}`);
  }
  return result;
}

/**
 * Migrates the database `database` was opened on, through DATABASE_DIRECT_URL when one is configured:
 * Kysely's migrator holds its lock and DDL in long transactions that belong on a direct connection,
 * not on a transaction-mode PgBouncer.
 */
export async function migrateThroughDirectUrl(
  config: DatabaseConfig,
  database: { db: Kysely<any>; dialect: MigrationDialect },
): Promise<MigrationResultSet> {
  if (config.dialect !== 'postgres') return migrateToLatest(database);
  // A connection of its own, without the request timeouts: converting a large database (keys, backfills)
  // may take minutes, and each migration runs in one transaction, so a failure leaves nothing half-done.
  // No prepared statements: each statement runs once, and without DATABASE_DIRECT_URL this connection
  // goes through the pooler, where a refused one would fail the migrator's own (not rerun) transaction.
  const direct = openDatabase(
    { dialect: 'postgres', url: config.directUrl ?? config.url, preparedStatements: false },
    { poolSize: 1, statementTimeoutMs: 0 },
  );
  try {
    return await migrateToLatest(direct);
  } finally {
    await direct.close();
  }
}
