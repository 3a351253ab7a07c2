import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// Core schema: organizations, API keys, staff, teams, tags, customers, tickets, messages.
// Ids are text (UUIDs, or caller-chosen strings for staff users); times are epoch milliseconds.

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const pg = dialect === 'postgres';
  const bigint = pg ? 'bigint' : 'integer';
  // A stable integer key for the search indexes (SQLite FTS5 rowids must not change on VACUUM).
  const rid = (col: any) => (pg ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement());

  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('organization_counters')
    .addColumn('organization_id', 'text', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('ticket_seq', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('customer_count', bigint, (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('ticket_counts')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('count', bigint, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('ticket_counts_pk', ['organization_id', 'status', 'priority'])
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('last_used_at', bigint)
    .addColumn('revoked_at', bigint)
    .execute();
  await db.schema.createIndex('api_keys_org_idx').on('api_keys').columns(['organization_id', 'created_at']).execute();

  await db.schema
    .createTable('users')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('users_pk', ['organization_id', 'id'])
    .addUniqueConstraint('users_email_uq', ['organization_id', 'email_key'])
    .execute();

  await db.schema
    .createTable('teams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('teams_org_idx').on('teams').columns(['organization_id', 'created_at']).execute();

  await db.schema
    .createTable('team_members')
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
    .addForeignKeyConstraint(
      'team_members_user_fk',
      ['organization_id', 'user_id'],
      'users',
      ['organization_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('team_members_user_idx')
    .on('team_members')
    .columns(['organization_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addUniqueConstraint('tags_name_uq', ['organization_id', 'name_key'])
    .execute();

  await db.schema
    .createTable('customers')
    .addColumn('rid', pg ? 'bigint' : 'integer', rid)
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('external_user_id', 'text')
    .addColumn('external_organization_id', 'text')
    .addColumn('external_organization_name', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('ticket_count', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addUniqueConstraint('customers_email_uq', ['organization_id', 'email_key'])
    .execute();
  await db.schema.createIndex('customers_org_order_idx').on('customers').columns(['organization_id', 'rid']).execute();

  await db.schema
    .createTable('tickets')
    .addColumn('rid', pg ? 'bigint' : 'integer', rid)
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('number', bigint, (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('assignee_id', 'text')
    .addColumn('team_id', 'text', (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('external_organization_id', 'text')
    .addColumn('external_organization_name', 'text')
    .addColumn('message_count', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addColumn('closed_at', bigint)
    .addUniqueConstraint('tickets_number_uq', ['organization_id', 'number'])
    .execute();
  // Every list is "newest first" = number descending within the organization; each filter gets an
  // index that already yields that order, and the default list (closed excluded) a partial one.
  await db.schema
    .createIndex('tickets_open_idx')
    .on('tickets')
    .columns(['organization_id', 'number'])
    .where(sql.ref('status'), '<>', 'CLOSED')
    .execute();
  await db.schema
    .createIndex('tickets_status_idx')
    .on('tickets')
    .columns(['organization_id', 'status', 'number'])
    .execute();
  await db.schema
    .createIndex('tickets_priority_idx')
    .on('tickets')
    .columns(['organization_id', 'priority', 'number'])
    .execute();
  await db.schema.createIndex('tickets_customer_idx').on('tickets').columns(['customer_id', 'number']).execute();
  await db.schema
    .createIndex('tickets_assignee_idx')
    .on('tickets')
    .columns(['organization_id', 'assignee_id', 'number'])
    .execute();
  await db.schema.createIndex('tickets_team_idx').on('tickets').columns(['team_id']).execute();

  await db.schema
    .createTable('messages')
    .addColumn('rid', pg ? 'bigint' : 'integer', rid)
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('ticket_id', 'text', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('author_type', 'text')
    .addColumn('author_id', 'text')
    .addColumn('author_email', 'text')
    .addColumn('author_name', 'text')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_ticket_idx').on('messages').columns(['ticket_id', 'rid']).execute();

  await db.schema
    .createTable('ticket_tags')
    .addColumn('ticket_id', 'text', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('tag_id', 'text', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('ticket_tags_pk', ['ticket_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('ticket_tags_tag_idx').on('ticket_tags').columns(['tag_id', 'ticket_id']).execute();

  if (pg) await createPostgresSearch(db);
  else await createSqliteSearch(db);
}

// Substring search: pg_trgm GIN indexes serve ILIKE '%term%' on PostgreSQL.
async function createPostgresSearch(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE INDEX tickets_subject_trgm ON tickets USING gin (subject gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX messages_content_trgm ON messages USING gin (content gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX customers_email_trgm ON customers USING gin (email gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX customers_name_trgm ON customers USING gin (name gin_trgm_ops)`.execute(db);
}

// Substring search on SQLite: FTS5 trigram indexes kept in step with their tables by triggers.
async function createSqliteSearch(db: Kysely<any>): Promise<void> {
  const fts = async (table: string, columns: string[]) => {
    const cols = columns.join(', ');
    const newCols = columns.map((c) => `new.${c}`).join(', ');
    const oldCols = columns.map((c) => `old.${c}`).join(', ');
    const name = `${table}_fts`;
    await sql
      .raw(
        `CREATE VIRTUAL TABLE ${name} USING fts5(${cols}, content='${table}', content_rowid='rid', tokenize='trigram')`,
      )
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_fts_ai AFTER INSERT ON ${table} BEGIN
        INSERT INTO ${name}(rowid, ${cols}) VALUES (new.rid, ${newCols}); END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_fts_ad AFTER DELETE ON ${table} BEGIN
        INSERT INTO ${name}(${name}, rowid, ${cols}) VALUES ('delete', old.rid, ${oldCols}); END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_fts_au AFTER UPDATE OF ${cols} ON ${table} BEGIN
        INSERT INTO ${name}(${name}, rowid, ${cols}) VALUES ('delete', old.rid, ${oldCols});
        INSERT INTO ${name}(rowid, ${cols}) VALUES (new.rid, ${newCols}); END`)
      .execute(db);
  };
  await fts('tickets', ['subject']);
  await fts('messages', ['content']);
  await fts('customers', ['email', 'name']);
}
