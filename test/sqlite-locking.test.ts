import { spawn } from 'node:child_process';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/harness.js';

/** Holds SQLite's write lock from another process for holdMs; resolves once it holds it. */
async function holdWriteLock(path: string, holdMs: number) {
  const script = `
    const D = require('better-sqlite3');
    const db = new D(process.argv[1]);
    db.exec('BEGIN IMMEDIATE');
    db.prepare("INSERT INTO organizations (id, name, created_at) VALUES ('other-process', 'x', 0)").run();
    process.stdout.write('locked\\n');
    setTimeout(() => { db.exec('COMMIT'); db.close(); }, ${holdMs});
  `;
  const child = spawn(process.execPath, ['-e', script, path], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('locked') && resolve());
    child.on('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  child.removeAllListeners('exit');
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { released: exited };
}

describe('sqlite: transactions while another process writes', () => {
  let db: TestDatabase & { path: string };
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('a transaction that reads before it writes waits for the lock instead of failing with SQLITE_BUSY', async () => {
    const { path } = db;
    // Long enough that the lock is still held when we start, short of the 5 s busy timeout.
    const holder = await holdWriteLock(path, 1500);
    const probe = new SQLite(path, { timeout: 0 });
    try {
      expect(() => probe.exec('BEGIN IMMEDIATE')).toThrow(/locked|busy/i);
    } finally {
      probe.close();
    }
    // A deferred transaction would read from a snapshot that is stale once the other process commits,
    // and SQLite refuses to upgrade it to a writer; BEGIN IMMEDIATE waits for the lock first, so its
    // read already sees the other process's row.
    const seen = await db.handle.transaction(async (trx) => {
      const rows = await trx.selectFrom('organizations').select('id').execute();
      await trx.insertInto('organizations').values({ id: 'this-process', name: 'y', created_at: 0 }).execute();
      return rows.map((r) => r.id);
    });
    await holder.released;
    expect(seen).toContain('other-process');
    const ids = (await db.handle.db.selectFrom('organizations').select('id').execute()).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['other-process', 'this-process']));
  });

  it('while another connection holds the write lock, writes wait without blocking the event loop and commit once it is released', async () => {
    const { path } = db;
    // Another connection of this very process (as the server's webhook thread is): it can release the
    // lock only if the event loop keeps running while our writes wait.
    const other = new SQLite(path);
    other.exec('BEGIN IMMEDIATE');
    other.prepare("INSERT INTO organizations (id, name, created_at) VALUES ('other-connection', 'x', 0)").run();
    const inTransaction = db.handle.transaction(async (trx) => {
      await trx.insertInto('organizations').values({ id: 'waiting-transaction', name: 'y', created_at: 0 }).execute();
    });
    const autocommit = db.handle.db
      .insertInto('organizations')
      .values({ id: 'waiting-autocommit', name: 'z', created_at: 0 })
      .execute();
    const seenWhileHeld = await new Promise<string[]>((resolve) =>
      setTimeout(() => {
        const probe = new SQLite(path, { readonly: true });
        const ids = probe.prepare("SELECT id FROM organizations WHERE id LIKE 'waiting-%'").pluck().all() as string[];
        probe.close();
        other.exec('COMMIT');
        other.close();
        resolve(ids);
      }, 50),
    );
    expect(seenWhileHeld).toEqual([]);
    await Promise.all([inTransaction, autocommit]);
    const ids = (await db.handle.db.selectFrom('organizations').select('id').execute()).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['other-connection', 'waiting-transaction', 'waiting-autocommit']));
  });
});
