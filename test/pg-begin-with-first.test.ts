import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { beginText, holdBegin } from '../src/db/pg-begin-with-first.js';
import { postgresAvailable } from './support/harness.js';
import { PG_ADMIN_URL } from './support/pg-admin.js';

// A transaction's BEGIN held back and sent with its first statement (src/db/pg-begin-with-first.ts),
// on a real connection: the statement runs inside the transaction, its result is its own, nothing runs
// when the prefix fails, node-postgres's record of prepared statements stays right, and a transaction
// with no statement sends nothing.

const STATEMENTS = ['BEGIN', 'SET LOCAL statement_timeout = 4321'];
const BEGIN = beginText(STATEMENTS);

describe.skipIf(!postgresAvailable())('postgres: BEGIN sent with the first statement', () => {
  let client: pg.Client;
  let raw: ReturnType<typeof vi.fn>;
  const run = (statements: readonly string[] = STATEMENTS) => holdBegin(statements, raw as (...args: unknown[]) => unknown);
  type Result = { rows: Record<string, unknown>[] };

  beforeAll(async () => {
    client = new pg.Client({ connectionString: PG_ADMIN_URL });
    await client.connect();
    await client.query('create temp table held (n int primary key)');
    raw = vi.fn((...args: unknown[]) => (client.query as (...a: unknown[]) => unknown)(...args));
  });
  afterAll(() => client.end());
  beforeEach(async () => {
    await client.query('delete from held');
    raw.mockClear();
  });

  it('the first statement runs in the transaction, after its SET LOCAL, and returns its own rows only', async () => {
    const q = run();
    await q(BEGIN, []);
    expect(raw).not.toHaveBeenCalled();
    const first = (await q('select current_setting($1) as timeout, pg_current_xact_id()::text as xid', ['statement_timeout'])) as Result;
    expect(first.rows).toEqual([{ timeout: '4321ms', xid: expect.any(String) }]);
    const second = (await q('select pg_current_xact_id()::text as xid where $1::int = 1', [1])) as Result;
    expect(second.rows).toEqual([{ xid: first.rows[0].xid }]);
    await q('COMMIT', []);
    expect(raw).toHaveBeenCalledTimes(3);
    expect(client.getTransactionStatus()).toBe('I');
  });

  it('a failing first statement leaves the transaction aborted (rolled back by the caller), nothing written', async () => {
    const q = run();
    await q(BEGIN, []);
    await expect(q('insert into held values ($1), ($1)', [1])).rejects.toMatchObject({ code: '23505' });
    await q('ROLLBACK', []);
    expect(((await client.query('select count(*)::int as n from held')) as Result).rows).toEqual([{ n: 0 }]);
  });

  it('when the prefix fails the statement does not run, and its prepared name is parsed again next time', async () => {
    const failing = ['BEGIN', 'SELECT 1/0'];
    const q = run(failing);
    const insert = { name: 'held_insert', text: 'insert into held values ($1)', values: [1] };
    await q(beginText(failing), []);
    await expect(q(insert)).rejects.toMatchObject({ code: '22012' });
    await client.query('ROLLBACK');
    expect(((await client.query('select count(*)::int as n from held')) as Result).rows).toEqual([{ n: 0 }]);
    // Its Parse was skipped with the rest: node-postgres must send it again (else 26000, no such statement).
    await client.query({ ...insert, values: [2] });
    expect(((await client.query('select n from held')) as Result).rows).toEqual([{ n: 2 }]);
  });

  it("a named first statement is recorded as prepared by its own Parse, not by the prefix's", async () => {
    const q = run();
    const broken = { name: 'held_broken', text: 'selec $1::int', values: [1] };
    await q(BEGIN, []);
    await expect(q(broken)).rejects.toMatchObject({ code: '42601' });
    await client.query('ROLLBACK');
    // Recorded at the prefix's ParseComplete, it would now be sent without a Parse: 26000 instead.
    await q(BEGIN, []);
    await expect(q(broken)).rejects.toMatchObject({ code: '42601' });
    await client.query('ROLLBACK');
    const good = { name: 'held_good', text: 'select $1::int as v', values: [7] };
    for (let i = 0; i < 2; i++) {
      await q(BEGIN, []);
      expect(((await q(good)) as Result).rows).toEqual([{ v: 7 }]);
      await q('COMMIT', []);
    }
    // Prepared under its own name (once: a second Parse of the name would have failed with 42P05).
    const names = ((await client.query('select name from pg_prepared_statements')) as Result).rows.map((r) => r.name);
    expect(names).toContain('held_good');
  });

  it('a transaction with no statement sends nothing; a first statement without parameters gets its BEGIN first', async () => {
    const q = run();
    await q(BEGIN, []);
    await q('COMMIT', []);
    await q(BEGIN, []);
    await q('ROLLBACK', []);
    expect(raw).not.toHaveBeenCalled();
    await q(BEGIN, []);
    const rows = ((await q("select current_setting('statement_timeout') as timeout", [])) as Result).rows;
    expect(rows).toEqual([{ timeout: '4321ms' }]);
    expect(client.getTransactionStatus()).toBe('T');
    await q('COMMIT', []);
    expect(raw.mock.calls.map(([text]) => text)).toEqual([BEGIN, "select current_setting('statement_timeout') as timeout", 'COMMIT']);
  });
});
