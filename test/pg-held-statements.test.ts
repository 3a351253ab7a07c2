import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { beginText, holdStatements, lastWriteText } from '../src/db/pg-held-statements.js';
import { postgresAvailable } from './support/harness.js';
import { PG_ADMIN_URL } from './support/pg-admin.js';

// A transaction's BEGIN held back and sent with its first statement, and its marked last write sent
// with its COMMIT (src/db/pg-held-statements.ts), on a real connection: the statement runs inside the
// transaction, its result is its own, nothing runs when the prefix fails, node-postgres's record of
// prepared statements stays right, and a transaction with no statement sends nothing; the last write
// commits with COMMIT in one call, COMMIT never runs when it fails, and anything else first sends it.

const STATEMENTS = ['BEGIN', 'SET LOCAL statement_timeout = 4321'];
const BEGIN = beginText(STATEMENTS);

describe.skipIf(!postgresAvailable())(
  'postgres: BEGIN sent with the first statement, the last write with COMMIT',
  () => {
    let client: pg.Client;
    let raw: ReturnType<typeof vi.fn>;
    const run = (statements: readonly string[] = STATEMENTS) =>
      holdStatements(statements, raw as (...args: unknown[]) => unknown);
    type Result = { rows: Record<string, unknown>[] };

    beforeAll(async () => {
      client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query('create temp table held (n int primary key)');
      raw = vi.fn((...args: unknown[]) => (client.query as (...a: unknown[]) => unknown)(...args));
    });
    afterAll(() => client.end());
    beforeEach(async () => {
      // A test that failed midway may have left its transaction open: its failure stays its own.
      if (client.getTransactionStatus() !== 'I') await client.query('ROLLBACK');
      await client.query('delete from held');
      raw.mockClear();
    });

    it('the first statement runs in the transaction, after its SET LOCAL, and returns its own rows only', async () => {
      const q = run();
      await q(BEGIN, []);
      expect(raw).not.toHaveBeenCalled();
      const first = (await q('select current_setting($1) as timeout, pg_current_xact_id()::text as xid', [
        'statement_timeout',
      ])) as Result;
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
      expect(raw.mock.calls.map(([text]) => text)).toEqual([
        BEGIN,
        "select current_setting('statement_timeout') as timeout",
        'COMMIT',
      ]);
    });

    const count = async () => ((await client.query('select count(*)::int as n from held')) as Result).rows[0].n;
    const insertLast = (n: number, name?: string) => ({
      ...(name ? { name } : {}),
      text: lastWriteText('insert into held values ($1)'),
      values: [n],
    });

    it("the last write waits, then leaves with COMMIT in one call, after the transaction's other statements", async () => {
      const q = run();
      await q(BEGIN, []);
      await q('insert into held values ($1)', [1]);
      expect(await q(insertLast(2, 'held_last'))).toMatchObject({ rows: [] });
      expect(raw).toHaveBeenCalledTimes(1);
      expect(await count()).toBe(1); // another session's view: nothing committed yet
      await q('COMMIT', []);
      expect(raw).toHaveBeenCalledTimes(2);
      expect(client.getTransactionStatus()).toBe('I');
      expect(((await client.query('select n from held order by n')) as Result).rows).toEqual([{ n: 1 }, { n: 2 }]);
      // Prepared under its own name by its Parse: the next use binds it (a second Parse would fail with 42P05).
      await q(BEGIN, []);
      await q(insertLast(3, 'held_last'));
      await q('COMMIT', []);
      expect(await count()).toBe(3);
    });

    it('a last write that fails fails the COMMIT, which never runs; ROLLBACK then ends the transaction', async () => {
      const q = run();
      await q(BEGIN, []);
      await q('insert into held values ($1)', [1]);
      await q(insertLast(1));
      await expect(q('COMMIT', [])).rejects.toMatchObject({ code: '23505' });
      // node-postgres rejects at the ErrorResponse; the status comes with the ReadyForQuery after it,
      // which PostgreSQL may send in a later packet (a busy machine read them apart).
      await vi.waitFor(() => expect(client.getTransactionStatus()).toBe('E'));
      await q('ROLLBACK', []);
      expect(client.getTransactionStatus()).toBe('I');
      expect(await count()).toBe(0);
    });

    it("a statement after the last write sends it first and sees it; its failure is that statement's, which does not run", async () => {
      const q = run();
      await q(BEGIN, []);
      await q(insertLast(1));
      expect(((await q('select count(*)::int as n from held where n >= $1', [0])) as Result).rows).toEqual([{ n: 1 }]);
      await q(insertLast(1));
      await expect(q('insert into held values ($1)', [5])).rejects.toMatchObject({ code: '23505' });
      await q('ROLLBACK', []);
      expect(await count()).toBe(0);
      expect(raw.mock.calls.map(([c]) => (typeof c === 'string' ? c : (c as { text: string }).text))).not.toContain(
        'insert into held values ($1)',
      );
    });

    it('a transaction whose only statement is its last write sends BEGIN, the write and COMMIT in one call; ROLLBACK drops it unsent', async () => {
      const q = run();
      await q(BEGIN, []);
      await q(insertLast(7));
      await q('COMMIT', []);
      expect(raw).toHaveBeenCalledTimes(1);
      expect(((await client.query('select n from held')) as Result).rows).toEqual([{ n: 7 }]);
      await q(BEGIN, []);
      await q(insertLast(8));
      await q('ROLLBACK', []);
      expect(raw).toHaveBeenCalledTimes(1);
      expect(client.getTransactionStatus()).toBe('I');
      expect(await count()).toBe(1);
    });
  },
);
