import { sql, type Kysely } from 'kysely';
import { slugCandidates } from '../../shared/slug.js';
import type { MigrationDialect } from '../migrator.js';
import { GIN_PENDING_LIST_KB } from './20261124-0100-gin-pending-limit.js';

// The knowledge base (src/knowledge) and the organization's public face.
//
// organizations gains a public slug (existing organizations get one made from their name here) and the
// help center's settings; organization_slugs keeps every slug an organization has had, so old public
// URLs redirect (it is looked up by slug before any organization is known, like api_key_lookup).
// Tenant tables: collections, articles (with the slugs they had, for redirects), revisions taken on
// publish, passages (a published article split at its headings: what search and the assistant read),
// and the assistant's conversations and their turns.
//
// Passages are searched by full text: on SQLite an FTS5 table with the porter stemmer kept in step by
// triggers (rowid: the passage's rid); on PostgreSQL a weighted tsvector (title A, heading B, body C,
// english stemming) set from its columns once the passage is written, under a GIN index that leads with organization_id
// (btree_gin). Not a generated column: copies of the table (partitioning, upgrades) insert every column.

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const pg = dialect === 'postgres';
  const uuid = sql.raw(pg ? 'uuid' : 'text');
  const bigint = sql.raw(pg ? 'bigint' : 'integer');
  const org = sql`organization_id ${uuid} NOT NULL REFERENCES organizations (id) ON DELETE CASCADE`;

  await sql`ALTER TABLE organizations ADD COLUMN slug text`.execute(db);
  await sql`ALTER TABLE organizations ADD COLUMN help_center_enabled integer NOT NULL DEFAULT 1`.execute(db);
  await sql`ALTER TABLE organizations ADD COLUMN help_center_title text`.execute(db);
  await sql`CREATE TABLE organization_slugs (
    slug text NOT NULL PRIMARY KEY,
    organization_id ${uuid} NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    created_at ${bigint} NOT NULL)`.execute(db);
  await sql`CREATE INDEX organization_slugs_org_idx ON organization_slugs (organization_id)`.execute(db);
  const existing = await sql<{ id: string; name: string; created_at: number }>`
    SELECT id, name, created_at FROM organizations ORDER BY created_at, id`.execute(db);
  const taken = new Set<string>();
  for (const o of existing.rows) {
    const slug = slugCandidates(o.name).find((s) => !taken.has(s))!;
    taken.add(slug);
    await sql`UPDATE organizations SET slug = ${slug} WHERE id = ${o.id}`.execute(db);
    await sql`INSERT INTO organization_slugs (slug, organization_id, created_at) VALUES (${slug}, ${o.id}, ${Number(o.created_at)})`.execute(
      db,
    );
  }
  await sql`CREATE UNIQUE INDEX organizations_slug_key ON organizations (slug)`.execute(db);

  // Keys that had every scope keep having every scope: kb:read and kb:write are new.
  const everyBefore = [
    'tickets:read tickets:write customers:read customers:write webhooks:read webhooks:write billing:read events:read admin',
    'tickets:read tickets:write customers:read customers:write webhooks:read webhooks:write billing:read admin events:read',
  ];
  const every =
    'tickets:read tickets:write customers:read customers:write webhooks:read webhooks:write billing:read events:read kb:read kb:write admin';
  await sql`UPDATE api_keys SET scopes = ${every} WHERE scopes IN (${sql.join(everyBefore)})`.execute(db);

  await sql`CREATE TABLE kb_collections (
    ${org},
    id ${uuid} NOT NULL,
    name text NOT NULL,
    description text,
    position integer NOT NULL,
    created_at ${bigint} NOT NULL,
    updated_at ${bigint} NOT NULL,
    CONSTRAINT kb_collections_pk PRIMARY KEY (organization_id, id))`.execute(db);

  const collectionRef = pg
    ? sql`FOREIGN KEY (organization_id, collection_id) REFERENCES kb_collections (organization_id, id)`
    : sql`FOREIGN KEY (organization_id, collection_id) REFERENCES kb_collections (organization_id, id)`;
  await sql`CREATE TABLE kb_articles (
    ${org},
    id ${uuid} NOT NULL,
    collection_id ${uuid},
    title text NOT NULL,
    slug text NOT NULL,
    body_markdown text NOT NULL,
    body_html text NOT NULL,
    status text NOT NULL,
    locale text NOT NULL,
    author_id text,
    author_name text,
    published_at ${bigint},
    created_at ${bigint} NOT NULL,
    updated_at ${bigint} NOT NULL,
    CONSTRAINT kb_articles_pk PRIMARY KEY (organization_id, id),
    CONSTRAINT kb_articles_collection_fk ${collectionRef})`.execute(db);
  await sql`CREATE UNIQUE INDEX kb_articles_slug_key ON kb_articles (organization_id, slug)`.execute(db);
  await sql`CREATE INDEX kb_articles_list_idx ON kb_articles (organization_id, updated_at, id)`.execute(db);
  await sql`CREATE INDEX kb_articles_collection_idx ON kb_articles (organization_id, collection_id)`.execute(db);

  // Every slug an article has had (its current one too): an old one redirects to the article.
  await sql`CREATE TABLE kb_article_slugs (
    ${org},
    slug text NOT NULL,
    article_id ${uuid} NOT NULL,
    created_at ${bigint} NOT NULL,
    CONSTRAINT kb_article_slugs_pk PRIMARY KEY (organization_id, slug),
    CONSTRAINT kb_article_slugs_article_fk FOREIGN KEY (organization_id, article_id)
      REFERENCES kb_articles (organization_id, id) ON DELETE CASCADE)`.execute(db);

  await sql`CREATE TABLE kb_article_revisions (
    ${org},
    id ${uuid} NOT NULL,
    article_id ${uuid} NOT NULL,
    title text NOT NULL,
    body_markdown text NOT NULL,
    author_id text,
    author_name text,
    created_at ${bigint} NOT NULL,
    CONSTRAINT kb_article_revisions_pk PRIMARY KEY (organization_id, id),
    CONSTRAINT kb_article_revisions_article_fk FOREIGN KEY (organization_id, article_id)
      REFERENCES kb_articles (organization_id, id) ON DELETE CASCADE)`.execute(db);
  await sql`CREATE INDEX kb_article_revisions_article_idx ON kb_article_revisions (organization_id, article_id, created_at)`.execute(
    db,
  );

  const rid = sql.raw(pg ? 'rid bigint GENERATED ALWAYS AS IDENTITY' : 'rid integer PRIMARY KEY AUTOINCREMENT');
  const tsv = pg
    ? sql`, tsv tsvector,
      CONSTRAINT kb_passages_pk PRIMARY KEY (organization_id, id)`
    : sql``;
  await sql`CREATE TABLE kb_passages (
    ${rid},
    ${org},
    id ${uuid} NOT NULL,
    article_id ${uuid} NOT NULL,
    position integer NOT NULL,
    title text NOT NULL,
    heading text NOT NULL,
    anchor text NOT NULL,
    content text NOT NULL,
    CONSTRAINT kb_passages_article_fk FOREIGN KEY (organization_id, article_id)
      REFERENCES kb_articles (organization_id, id) ON DELETE CASCADE
    ${tsv})`.execute(db);
  if (pg) {
    await sql`CREATE EXTENSION IF NOT EXISTS btree_gin`.execute(db);
    // Bounded pending list, as every GIN index here: each search reads through it.
    await sql`CREATE INDEX kb_passages_tsv_idx ON kb_passages USING gin (organization_id, tsv)
      WITH (gin_pending_list_limit = ${sql.lit(GIN_PENDING_LIST_KB)})`.execute(db);
    await sql`CREATE INDEX kb_passages_article_idx ON kb_passages (organization_id, article_id, position)`.execute(db);
  } else {
    await sql`CREATE UNIQUE INDEX kb_passages_id_key ON kb_passages (organization_id, id)`.execute(db);
    await sql`CREATE INDEX kb_passages_article_idx ON kb_passages (organization_id, article_id, position)`.execute(db);
    await sql
      .raw(`CREATE VIRTUAL TABLE kb_passages_fts USING fts5(title, heading, content, content='kb_passages',
        content_rowid='rid', tokenize='porter unicode61 remove_diacritics 2')`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER kb_passages_fts_ai AFTER INSERT ON kb_passages BEGIN
        INSERT INTO kb_passages_fts(rowid, title, heading, content) VALUES (new.rid, new.title, new.heading, new.content); END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER kb_passages_fts_ad AFTER DELETE ON kb_passages BEGIN
        INSERT INTO kb_passages_fts(kb_passages_fts, rowid, title, heading, content)
        VALUES ('delete', old.rid, old.title, old.heading, old.content); END`)
      .execute(db);
  }

  // The assistant's conversations: each turn is a question or an answer; an answer keeps its mode,
  // its citations (JSON) and whether it helped.
  await sql`CREATE TABLE kb_conversations (
    ${org},
    id ${uuid} NOT NULL,
    client_address text,
    ticket_id ${uuid},
    created_at ${bigint} NOT NULL,
    updated_at ${bigint} NOT NULL,
    CONSTRAINT kb_conversations_pk PRIMARY KEY (organization_id, id))`.execute(db);
  await sql`CREATE TABLE kb_turns (
    ${org},
    id ${uuid} NOT NULL,
    conversation_id ${uuid} NOT NULL,
    role text NOT NULL,
    text text NOT NULL,
    mode text,
    citations text,
    helpful integer,
    request_key text,
    created_at ${bigint} NOT NULL,
    CONSTRAINT kb_turns_pk PRIMARY KEY (organization_id, id),
    CONSTRAINT kb_turns_conversation_fk FOREIGN KEY (organization_id, conversation_id)
      REFERENCES kb_conversations (organization_id, id) ON DELETE CASCADE)`.execute(db);
  await sql`CREATE INDEX kb_turns_conversation_idx ON kb_turns (organization_id, conversation_id, created_at, id)`.execute(
    db,
  );
}
