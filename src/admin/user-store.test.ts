import { describe, expect, it } from 'vitest';
import { userConflict } from './user-store.js';

// Errors shaped as the drivers raise them (node-postgres: code, constraint, table, detail;
// better-sqlite3: code, message), for today's schema and for renamed constraints.

const pgViolation = (constraint: string, table: string, columns: string, extra: object = {}) =>
  Object.assign(new Error(`duplicate key value violates unique constraint "${constraint}"`), {
    code: '23505',
    constraint,
    table,
    detail: `Key (${columns})=(o, x) already exists.`,
    ...extra,
  });

const sqliteViolation = (code: string, columns: string) =>
  Object.assign(new Error(`UNIQUE constraint failed: ${columns}`), { code });

describe('userConflict', () => {
  it.each([
    ['PostgreSQL primary key', pgViolation('users_pk', 'users', 'organization_id, id'), 'id'],
    ['PostgreSQL email key', pgViolation('users_email_uq', 'users', 'organization_id, email_key'), 'email'],
    ['SQLite primary key', sqliteViolation('SQLITE_CONSTRAINT_PRIMARYKEY', 'users.organization_id, users.id'), 'id'],
    [
      'SQLite email key',
      sqliteViolation('SQLITE_CONSTRAINT_UNIQUE', 'users.organization_id, users.email_key'),
      'email',
    ],
  ])('maps a violation of today’s %s', (_title, err, field) => {
    expect(userConflict(err)).toBe(field);
  });

  it.each([
    // Hash partitions name their own indexes (what `CREATE TABLE users_p1 PARTITION OF users` gives).
    ['a partition’s primary key', pgViolation('users_p1_pkey', 'users_p1', 'organization_id, id'), 'id'],
    [
      'a partition’s email key',
      pgViolation('users_p1_organization_id_email_key_key', 'users_p1', 'organization_id, email_key'),
      'email',
    ],
    // Citus shards append the shard id to table and constraint names.
    ['a shard’s primary key', pgViolation('users_pk_102008', 'users_102008', 'organization_id, id'), 'id'],
    [
      'a shard’s email key',
      pgViolation('users_email_uq_102040', 'users_102040', 'organization_id, email_key'),
      'email',
    ],
    // Without the detail (no SELECT privilege on the columns) the constraint prefix still tells.
    [
      'a shard’s key without detail',
      pgViolation('users_email_uq_102040', 'users_102040', '', { detail: undefined }),
      'email',
    ],
    ['key columns in another order', pgViolation('users_p3_pkey', 'users_p3', 'id, organization_id'), 'id'],
  ])('maps %s, renamed', (_title, err, field) => {
    expect(userConflict(err)).toBe(field);
  });

  it.each([
    [
      'another table with the same columns (PostgreSQL)',
      pgViolation('customers_email_uq', 'customers', 'organization_id, email_key'),
    ],
    ['another table’s partition', pgViolation('customers_p1_pkey', 'customers_p1', 'organization_id, id')],
    ['another key of users', pgViolation('users_p1_name_key', 'users_p1', 'organization_id, name')],
    [
      'another table with the same columns (SQLite)',
      sqliteViolation('SQLITE_CONSTRAINT_UNIQUE', 'customers.organization_id, customers.email_key'),
    ],
    ['another table’s primary key (SQLite)', sqliteViolation('SQLITE_CONSTRAINT_PRIMARYKEY', 'tags.id')],
    ['an expression index (SQLite)', sqliteViolation('SQLITE_CONSTRAINT_UNIQUE', "index 'users_lower_email'")],
  ])('leaves %s alone', (_title, err) => {
    expect(userConflict(err)).toBeNull();
  });

  it('is null for errors that are not unique violations', () => {
    expect(
      userConflict(Object.assign(new Error('fk'), { code: '23503', constraint: 'users_pk', table: 'users' })),
    ).toBeNull();
    expect(
      userConflict(
        Object.assign(new Error('UNIQUE constraint failed: users.organization_id, users.id'), { code: 'SQLITE_BUSY' }),
      ),
    ).toBeNull();
    expect(userConflict(new Error('boom'))).toBeNull();
    expect(userConflict(undefined)).toBeNull();
  });
});
