import { Kysely, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Database } from './schema.js';
import { DIALECTS } from './dialects.js';
import { tenantGuard, tenantScopeProblem, TenantScopeError } from './tenant-guard.js';

const ORG = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

describe('tenantScopeProblem', () => {
  it.each([
    ['select * from "tickets" where "id" = $1 and "tickets"."organization_id" = $2', ['t', ORG]],
    ['select * from "tickets" where "organization_id" = ? and "id" = ?', [ORG, 't']],
    ['update "tickets" set "subject" = ? where "id" = ? and "organization_id" = ?', ['s', 't', ORG]],
    ['delete from "tags" where "organization_id" = $1', [ORG]],
    [
      'insert into "tags" ("id", "organization_id", "name") values (?, ?, ?), (?, ?, ?)',
      ['a', ORG, 'x', 'b', ORG, 'y'],
    ],
    ['select 1 from "organizations" where "id" = ?', ['o']],
    [
      'with "e" as (insert into "events" ("id", "organization_id") values ($1, $2)) insert into "tags" ("id", "organization_id") values ($3, $4), ($5, $6)',
      ['e', ORG, 'a', ORG, 'b', ORG],
    ],
    [
      'with "w0" as (update "customers" set "n" = n + 1 where "customers"."organization_id" = $1 and "id" = $2 returning 1), "w1" as (insert into "tags" ("id", "organization_id") values ($3, $4) on conflict ("organization_id", "id") do update set "n" = tags.n + $5 returning 1) select (select count(*) from "w0") + (select count(*) from "w1")',
      [ORG, 'c', 'a', ORG, 1],
    ],
    [
      'select * from "ticket_tags" as "tt" inner join "tags" as "t" on "t"."organization_id" = "tt"."organization_id" and "t"."id" = "tt"."tag_id" where "tt"."organization_id" = ?',
      [ORG],
    ],
    [
      'select * from tickets where organization_id = ? and id in (select ticket_id from messages where organization_id = ?)',
      [ORG, ORG],
    ],
  ])('accepts a confined statement: %s', (sqlText, params) => {
    expect(tenantScopeProblem(sqlText, params, ORG)).toBeNull();
  });

  it.each([
    ['no condition', 'update "tickets" set "subject" = ? where "id" = ?', ['s', 't']],
    ['another organization', 'select * from "tickets" where "organization_id" = $1', [OTHER]],
    [
      'another organization in a chained insert',
      'with "e" as (insert into "events" ("id", "organization_id") values ($1, $2)) insert into "tags" ("id", "organization_id") values ($3, $4)',
      ['e', ORG, 'a', OTHER],
    ],
    [
      'an update without one in a chain of writes',
      'with "w0" as (insert into "tags" ("id", "organization_id") values ($1, $2) returning 1), "w1" as (update "customers" set "n" = n + 1 where "id" = $3 returning 1) select (select count(*) from "w0") + (select count(*) from "w1")',
      ['a', ORG, 'c'],
    ],
    [
      'another organization in an update of a chain of writes',
      'with "w0" as (update "customers" set "n" = n + 1 where "customers"."organization_id" = $1 returning 1), "w1" as (insert into "tags" ("id", "organization_id") values ($2, $3) returning 1) select (select count(*) from "w0") + (select count(*) from "w1")',
      [OTHER, 'a', ORG],
    ],
    ['one positional parameter off', 'select * from "tickets" where "id" = ? and "organization_id" = ?', [ORG, 't']],
    [
      'a subquery without one',
      'select * from tickets where organization_id = ? and id in (select ticket_id from ticket_tags where tag_id = ?)',
      [ORG, 'g'],
    ],
    [
      'a join without one',
      'select * from "ticket_tags" as "tt" inner join "tags" as "t" on "t"."id" = "tt"."tag_id" where "tt"."organization_id" = ?',
      [ORG],
    ],
    ['an insert without the column', 'insert into "tags" ("id", "name") values (?, ?)', ['a', 'x']],
    [
      'an insert for another organization',
      'insert into "tags" ("id", "organization_id") values (?, ?), (?, ?)',
      ['a', ORG, 'b', OTHER],
    ],
    ['an insert without a column list', 'insert into "tags" select * from "tags"', []],
  ])('rejects %s', (_name, sqlText, params) => {
    expect(tenantScopeProblem(sqlText, params as unknown[], ORG)).not.toBeNull();
  });
});

describe('tenantGuard plugin', () => {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table tags (id text, organization_id text, name text)');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const guarded = db.withPlugin(tenantGuard(ORG, DIALECTS.sqlite.compiler()));

  it('runs a confined statement', async () => {
    await guarded
      .insertInto('tags')
      .values({ id: 'a', organization_id: ORG, name: 'x' } as never)
      .execute();
    const rows = await guarded.selectFrom('tags').selectAll().where('organization_id', '=', ORG).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a statement that is not, before it runs', async () => {
    await expect(guarded.deleteFrom('tags').where('id', '=', 'a').execute()).rejects.toBeInstanceOf(TenantScopeError);
    expect(await db.selectFrom('tags').selectAll().execute()).toHaveLength(1);
  });
});
