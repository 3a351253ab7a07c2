import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// Answers written by a model (the help center's generated mode) and the credits they use.
//
// plans.ai_overage: what an organization whose AI credits are used up gets: 'allow' (the default; answers
// go on and count as overage) or 'block' (answers without the model). ai_credit_ledger gains reservations:
// a row of kind 'reserve' is taken before the model is asked and becomes 'consume' in the answer's own
// transaction (or is deleted when the call fails); expires_at bounds one left behind by a crash, and
// reference names the answer a consumed credit paid for. kb_turns.request_key (already there, unused so far)
// becomes unique per organization where set: a retried question finds the answer it already got, and two
// racing copies of one request cannot both record (and pay for) an answer. kb_passage_embeddings caches the
// embedding of each passage text per embedding model (keyed by a hash of the text: republishing an
// unchanged section reuses it).

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const pg = dialect === 'postgres';
  const uuid = sql.raw(pg ? 'uuid' : 'text');
  const bigint = sql.raw(pg ? 'bigint' : 'integer');
  const bytes = sql.raw(pg ? 'bytea' : 'blob');
  await sql`ALTER TABLE plans ADD COLUMN ai_overage text NOT NULL DEFAULT 'allow'`.execute(db);
  await sql`ALTER TABLE ai_credit_ledger ADD COLUMN expires_at ${bigint}`.execute(db);
  await sql`ALTER TABLE ai_credit_ledger ADD COLUMN reference text`.execute(db);
  await sql`ALTER TABLE ai_credit_ledger ADD COLUMN tokens ${bigint}`.execute(db);
  await sql`CREATE UNIQUE INDEX kb_turns_request_key_idx ON kb_turns (organization_id, request_key)
    WHERE request_key IS NOT NULL`.execute(db);
  await sql`CREATE TABLE kb_passage_embeddings (
    organization_id ${uuid} NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    model text NOT NULL,
    content_hash text NOT NULL,
    dims integer NOT NULL,
    vector ${bytes} NOT NULL,
    created_at ${bigint} NOT NULL,
    CONSTRAINT kb_passage_embeddings_pk PRIMARY KEY (organization_id, model, content_hash))`.execute(db);
}
