import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// Tenant-leading keys, converting an existing database in place.
//
// PostgreSQL: every tenant table's primary key and unique constraints lead with organization_id, the
// foreign keys between tenant tables are composite (organization_id, …), and the secondary indexes
// lead with organization_id — what hash-distributing the tables by organization (Citus, declarative
// partitioning) requires. The global UNIQUE(id) constraints and the rid primary keys go; the rid
// columns stay (unused on PostgreSQL, SQLite's FTS5 indexes need them). Exceptions, on purpose:
// api_keys.token_hash stays globally unique (authentication looks keys up before the organization is
// known, until api_key_lookup, 20261122-0400, replaces it), the delivery queue's partial index stays
// global (the worker's first step reads it across organizations), and the pg_trgm GIN indexes stay
// single-column (a GIN index cannot lead with a btree column without btree_gin).
//
// Both engines: messages get a per-ticket sequence (seq, backfilled in insertion = rid order; new
// messages take tickets.message_count + 1 under the ticket's row lock), and customers are listed by
// (created_at, id) from an index leading with organization_id instead of by rid.
//
// Constraint names dropped below are PostgreSQL's defaults for the constraints the earlier
// migrations declared without a name; the migration runs in one transaction, so a mismatch rolls
// everything back.

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect === 'postgres') await upPostgres(db);
  else await upSqlite(db);
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE messages ADD COLUMN seq integer NOT NULL DEFAULT 0`.execute(db);
  // Served by messages_ticket_idx (ticket_id, rid); the FTS triggers watch content only.
  await sql`UPDATE messages SET seq = (SELECT count(*) FROM messages m WHERE m.ticket_id = messages.ticket_id AND m.rid <= messages.rid)`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX messages_seq_uq ON messages (organization_id, ticket_id, seq)`.execute(db);
  await sql`DROP INDEX customers_org_order_idx`.execute(db);
  await sql`CREATE INDEX customers_org_created_idx ON customers (organization_id, created_at, id)`.execute(db);
}

const run = async (db: Kysely<any>, statements: string[]) => {
  for (const s of statements) await sql.raw(s).execute(db);
};

async function upPostgres(db: Kysely<any>): Promise<void> {
  // 1. Foreign keys that reference global ids (they depend on the unique indexes dropped next).
  await run(db, [
    'ALTER TABLE team_members DROP CONSTRAINT team_members_team_id_fkey',
    'ALTER TABLE tickets DROP CONSTRAINT tickets_customer_id_fkey, DROP CONSTRAINT tickets_team_id_fkey',
    'ALTER TABLE messages DROP CONSTRAINT messages_ticket_id_fkey',
    'ALTER TABLE ticket_tags DROP CONSTRAINT ticket_tags_ticket_id_fkey, DROP CONSTRAINT ticket_tags_tag_id_fkey',
    'ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_webhook_id_fkey',
  ]);

  // 2. Primary keys (organization_id, …); the rid keys and the global UNIQUE(id) go.
  const byId = ['api_keys', 'teams', 'tags', 'invitations', 'ai_credit_ledger', 'webhooks', 'webhook_deliveries'];
  await run(
    db,
    byId.map(
      (t) => `ALTER TABLE ${t} DROP CONSTRAINT ${t}_pkey, ADD CONSTRAINT ${t}_pk PRIMARY KEY (organization_id, id)`,
    ),
  );
  await run(
    db,
    ['customers', 'tickets', 'messages'].map(
      (t) =>
        `ALTER TABLE ${t} DROP CONSTRAINT ${t}_pkey, DROP CONSTRAINT ${t}_id_key, ADD CONSTRAINT ${t}_pk PRIMARY KEY (organization_id, id)`,
    ),
  );
  await run(db, [
    'ALTER TABLE team_members DROP CONSTRAINT team_members_pk',
    'ALTER TABLE team_members ADD CONSTRAINT team_members_pk PRIMARY KEY (organization_id, team_id, user_id)',
    'ALTER TABLE ticket_tags DROP CONSTRAINT ticket_tags_pk',
    'ALTER TABLE ticket_tags ADD CONSTRAINT ticket_tags_pk PRIMARY KEY (organization_id, ticket_id, tag_id)',
  ]);

  // 3. The per-ticket message sequence, in the order rid gave them.
  await run(db, [
    'ALTER TABLE messages ADD COLUMN seq bigint',
    `UPDATE messages m SET seq = o.seq
       FROM (SELECT organization_id, id, row_number() OVER (PARTITION BY organization_id, ticket_id ORDER BY rid) AS seq FROM messages) o
      WHERE m.organization_id = o.organization_id AND m.id = o.id`,
    'ALTER TABLE messages ALTER COLUMN seq SET NOT NULL',
    // Also the index of a ticket's messages in order, and of the cascade from tickets.
    'ALTER TABLE messages ADD CONSTRAINT messages_seq_uq UNIQUE (organization_id, ticket_id, seq)',
    'DROP INDEX messages_ticket_idx',
  ]);

  // 4. Composite foreign keys within the organization.
  await run(db, [
    `ALTER TABLE team_members ADD CONSTRAINT team_members_team_fk
       FOREIGN KEY (organization_id, team_id) REFERENCES teams (organization_id, id) ON DELETE CASCADE`,
    `ALTER TABLE tickets ADD CONSTRAINT tickets_customer_fk
       FOREIGN KEY (organization_id, customer_id) REFERENCES customers (organization_id, id) ON DELETE CASCADE`,
    // Deleting a team unassigns its tickets: only team_id is nulled (PostgreSQL 15 column list).
    `ALTER TABLE tickets ADD CONSTRAINT tickets_team_fk
       FOREIGN KEY (organization_id, team_id) REFERENCES teams (organization_id, id) ON DELETE SET NULL (team_id)`,
    `ALTER TABLE messages ADD CONSTRAINT messages_ticket_fk
       FOREIGN KEY (organization_id, ticket_id) REFERENCES tickets (organization_id, id) ON DELETE CASCADE`,
    `ALTER TABLE ticket_tags ADD CONSTRAINT ticket_tags_ticket_fk
       FOREIGN KEY (organization_id, ticket_id) REFERENCES tickets (organization_id, id) ON DELETE CASCADE`,
    `ALTER TABLE ticket_tags ADD CONSTRAINT ticket_tags_tag_fk
       FOREIGN KEY (organization_id, tag_id) REFERENCES tags (organization_id, id) ON DELETE CASCADE`,
    `ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_webhook_fk
       FOREIGN KEY (organization_id, webhook_id) REFERENCES webhooks (organization_id, id) ON DELETE CASCADE`,
  ]);

  // 5. Secondary indexes leading with organization_id, under the names the plan tests pin.
  await run(db, [
    'DROP INDEX customers_org_order_idx',
    'CREATE INDEX customers_org_created_idx ON customers (organization_id, created_at, id)',
    'DROP INDEX tickets_customer_idx',
    'CREATE INDEX tickets_customer_idx ON tickets (organization_id, customer_id, number)',
    'DROP INDEX tickets_team_idx',
    'CREATE INDEX tickets_team_idx ON tickets (organization_id, team_id)',
    'DROP INDEX ticket_tags_tag_idx',
    'CREATE INDEX ticket_tags_tag_idx ON ticket_tags (organization_id, tag_id, ticket_id)',
    'DROP INDEX webhook_deliveries_history_idx',
    'CREATE INDEX webhook_deliveries_history_idx ON webhook_deliveries (organization_id, webhook_id, created_at, id)',
  ]);
}
