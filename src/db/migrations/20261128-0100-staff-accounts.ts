import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// Staff sign-in: credentials (an Argon2id password hash and two-factor state) per staff user, sessions,
// single-use tokens (first-start setup, invitations, password resets) and an organization's
// security settings. Every tenant table is keyed by organization_id first, like the rest of the
// schema; sessions and tokens are found by their hash, and their cookie or link also names the
// organization, so each lookup is one primary-key read within one organization. Rows of a deleted
// user go with the user (foreign key on the user's key).
//
// The one cross-organization read is sign-in by email (a person may have staff accounts in several
// organizations and signs in without naming one): an index on users.email_key serves it.
//
// service_secrets holds the key that encrypts two-factor secrets at rest when SECRET_KEY is not set:
// generated once by the first process that needs it, then shared by every process of the deployment.

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  // Generated ids are native uuids on PostgreSQL (20261122-2000-native-uuid), text on SQLite.
  const uuid = dialect === 'postgres' ? 'uuid' : 'text';
  const organization = `organization_id ${uuid} NOT NULL REFERENCES organizations (id) ON DELETE CASCADE`;
  const ofUser = 'FOREIGN KEY (organization_id, user_id) REFERENCES users (organization_id, id) ON DELETE CASCADE';
  const statements = [
    `CREATE TABLE staff_credentials (
       ${organization},
       user_id text NOT NULL,
       password_hash text,
       totp_secret text,
       totp_pending_secret text,
       totp_enabled integer NOT NULL DEFAULT 0,
       totp_last_step ${bigint},
       recovery_codes text,
       updated_at ${bigint} NOT NULL,
       CONSTRAINT staff_credentials_pk PRIMARY KEY (organization_id, user_id),
       CONSTRAINT staff_credentials_user_fk ${ofUser}
     )`,
    `CREATE TABLE staff_sessions (
       ${organization},
       token_hash text NOT NULL,
       id ${uuid} NOT NULL,
       user_id text NOT NULL,
       created_at ${bigint} NOT NULL,
       last_seen_at ${bigint} NOT NULL,
       expires_at ${bigint} NOT NULL,
       ip text,
       user_agent text,
       revoked_at ${bigint},
       CONSTRAINT staff_sessions_pk PRIMARY KEY (organization_id, token_hash),
       CONSTRAINT staff_sessions_user_fk ${ofUser}
     )`,
    'CREATE UNIQUE INDEX staff_sessions_id_uq ON staff_sessions (organization_id, id)',
    'CREATE INDEX staff_sessions_user_idx ON staff_sessions (organization_id, user_id)',
    `CREATE TABLE staff_tokens (
       ${organization},
       token_hash text NOT NULL,
       kind text NOT NULL,
       user_id text,
       invitation_id ${uuid},
       created_at ${bigint} NOT NULL,
       expires_at ${bigint} NOT NULL,
       used_at ${bigint},
       CONSTRAINT staff_tokens_pk PRIMARY KEY (organization_id, token_hash)
     )`,
    'CREATE INDEX staff_tokens_invitation_idx ON staff_tokens (organization_id, invitation_id)',
    `CREATE TABLE staff_auth_settings (
       ${organization},
       require_two_factor integer NOT NULL DEFAULT 0,
       updated_at ${bigint} NOT NULL,
       CONSTRAINT staff_auth_settings_pk PRIMARY KEY (organization_id)
     )`,
    'CREATE INDEX users_email_login_idx ON users (email_key)',
    'CREATE TABLE service_secrets (name text PRIMARY KEY, value text NOT NULL)',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'service_secrets',
    'staff_auth_settings',
    'staff_tokens',
    'staff_sessions',
    'staff_credentials',
  ]) {
    await sql.raw(`DROP TABLE ${table}`).execute(db);
  }
  await sql.raw('DROP INDEX users_email_login_idx').execute(db);
}
