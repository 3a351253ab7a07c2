import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { Kysely } from 'kysely';
import { FTS_TABLES, ftsMergeSteps, startFtsMerges, threadFtsMergeSteps } from '../src/db/sqlite-fts-merge.js';
import { BACKGROUND_WRITE_LOCK_WAIT_MS, createSqliteReader } from '../src/db/sqlite-reader.js';
import { LockWaitingSqliteDialect } from '../src/db/sqlite-lock-wait.js';
import { createTestDatabase, type TestDatabase } from './support/harness.js';

// SQLite's search indexes (FTS5) are merged in short steps after writes, not by the statements that
// write them (migration 20261124-0200, src/db/sqlite-fts-merge.ts): FTS5's automerge inside a write
// ran on the event loop (a create's insert took 116 ms of CPU; 280-450 ms stalls under 200 creates/s).

const WRITES = 40;

/** Segments of one FTS5 index (each write transaction adds one until they are merged). */
const segments = (path: string, table: string): number => {
  const db = new SQLite(path, { readonly: true });
  try {
    return db.prepare(`SELECT count(DISTINCT segid) FROM ${table}_idx`).pluck().get() as number;
  } finally {
    db.close();
  }
};

/** WRITES customers, each its own transaction on a connection of its own (one new segment each). */
function writeCustomers(path: string, from: number): void {
  const db = new SQLite(path);
  try {
    db.prepare("INSERT OR IGNORE INTO organizations (id, name, created_at) VALUES ('org-merges', 'm', 0)").run();
    const insert = db.prepare(
      "INSERT INTO customers (id, organization_id, email, email_key, name, metadata, created_at, updated_at) VALUES (?, 'org-merges', ?, ?, ?, '{}', 0, 0)",
    );
    for (let i = from; i < from + WRITES; i++)
      insert.run(`c-${i}`, `person${i}@merges.example`, `person${i}@merges.example`, `Person ${i}`);
  } finally {
    db.close();
  }
}

describe('sqlite: search index merges', () => {
  let db: TestDatabase & { path: string };
  let path: string;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    ({ path } = db);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('sqlite: writes never merge the search indexes; a level is merged whole only at 64 segments', () => {
    const sqlite = new SQLite(path, { readonly: true });
    try {
      for (const table of FTS_TABLES) {
        const config = Object.fromEntries(
          sqlite.prepare(`SELECT k, v FROM ${table}_config`).raw().all() as [string, number][],
        );
        expect(config).toMatchObject({ automerge: 0, crisismerge: 64 });
      }
    } finally {
      sqlite.close();
    }
    const before = segments(path, 'customers_fts');
    writeCustomers(path, 0);
    expect(segments(path, 'customers_fts') - before).toBe(WRITES);
  });

  /** A merger stepping on a connection of its own to the file, with the steps it ran and a write count to raise. */
  function connectionMerger(writersWaiting?: () => boolean) {
    const sqlite = new SQLite(path);
    sqlite.pragma('busy_timeout = 0');
    const kysely = new Kysely<any>({ dialect: new LockWaitingSqliteDialect({ database: sqlite }) });
    const steps: string[] = [];
    const step = ftsMergeSteps(kysely, sqlite);
    const counted = { writes: 0 };
    const merges = startFtsMerges({
      step: (table) => (steps.push(table), step(table)),
      writes: () => counted.writes,
      writersWaiting,
      intervalMs: 60_000,
    });
    const close = async () => {
      await merges.stop();
      await kysely.destroy();
    };
    return { sqlite, steps, counted, merges, close };
  }

  it('sqlite: after writes, merge rounds merge them in steps, table by table; without new writes no round runs', async () => {
    const { sqlite, steps, counted, merges, close } = connectionMerger();
    try {
      await merges.tick();
      expect(steps).toHaveLength(0);
      writeCustomers(path, 1_000);
      // (With the first test's 40 a level reached 64 segments and was merged by the writer.)
      expect(segments(path, 'customers_fts')).toBeGreaterThan(4);
      counted.writes++;
      // A round is bounded in time: it may take a few to merge everything.
      for (let round = 0; round < 50 && segments(path, 'customers_fts') > 4; round++) {
        await merges.tick();
        counted.writes++;
      }
      expect(segments(path, 'customers_fts')).toBeLessThanOrEqual(4);
      // Nothing to merge in the tickets' and messages' indexes: one step each, then the customers'.
      expect(steps.slice(0, 4)).toEqual(['tickets_fts', 'messages_fts', 'customers_fts', 'customers_fts']);
      await merges.tick();
      const after = steps.length;
      await merges.tick();
      await merges.tick();
      expect(steps.length).toBe(after);
      // Search still finds what the merged segments hold.
      expect(
        sqlite.prepare(`SELECT count(*) FROM customers_fts WHERE customers_fts MATCH 'person1039'`).pluck().get(),
      ).toBe(1);
    } finally {
      await close();
    }
  });

  it('sqlite: a round gives way after one step while a statement of the process waits for the write lock', async () => {
    let waiting = true;
    const { steps, counted, merges, close } = connectionMerger(() => waiting);
    try {
      writeCustomers(path, 4_000);
      expect(segments(path, 'customers_fts')).toBeGreaterThan(4);
      counted.writes++;
      await merges.tick();
      expect(steps).toHaveLength(1);
      // The next round goes on where it stopped (work was left), one step at a time while writers wait.
      await merges.tick();
      expect(steps).toHaveLength(2);
      waiting = false;
      for (let round = 0; round < 50 && segments(path, 'customers_fts') > 4; round++) await merges.tick();
      expect(segments(path, 'customers_fts')).toBeLessThanOrEqual(4);
      expect(steps.length).toBeGreaterThan(3);
    } finally {
      await close();
    }
  });

  it("sqlite: the server's handle merges after its own writes", async () => {
    const handle = openDatabase({ dialect: 'sqlite', path, url: db.url });
    handle.startBackgroundUpkeep();
    try {
      await handle.db
        .insertInto('organizations')
        .values({ id: 'org-server', name: 's', created_at: 0 })
        .onConflict((c) => c.doNothing())
        .execute();
      writeCustomers(path, 2_000);
      // One more write through the handle: the merger starts after its writes.
      await handle.db.updateTable('organizations').set({ name: 's2' }).where('id', '=', 'org-server').execute();
      const before = handle.writesElsewhere()!;
      const deadline = Date.now() + 10_000;
      while (segments(path, 'customers_fts') > 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(segments(path, 'customers_fts')).toBeLessThanOrEqual(4);
      // The steps were another connection's commits (a reader thread's), not the handle's own.
      expect(handle.writesElsewhere()).toBeGreaterThan(before);
    } finally {
      await handle.close();
    }
  });

  it('sqlite: with reader threads, the merge steps run in a thread on a connection of its own', async () => {
    const reader = createSqliteReader(path, 1);
    const steps: string[] = [];
    const step = threadFtsMergeSteps(reader);
    let writes = 0;
    const merges = startFtsMerges({
      step: (table) => (steps.push(table), step(table)),
      writes: () => writes,
      intervalMs: 60_000,
    });
    try {
      writeCustomers(path, 3_000);
      expect(segments(path, 'customers_fts')).toBeGreaterThan(4);
      for (let round = 0; round < 50 && segments(path, 'customers_fts') > 4; round++) {
        writes++;
        await merges.tick();
      }
      expect(segments(path, 'customers_fts')).toBeLessThanOrEqual(4);
      expect(steps.slice(0, 3)).toEqual(['tickets_fts', 'messages_fts', 'customers_fts']);
      // The thread's connection reads and writes: the reader's own read-only one still answers.
      expect(
        await reader.all(`SELECT count(*) AS n FROM customers_fts WHERE customers_fts MATCH 'person3039'`, [], 5_000),
      ).toEqual([{ n: 1 }]);
    } finally {
      await merges.stop();
      await reader.close();
    }
  });

  it("sqlite: a thread's merge step waits briefly for another connection's write lock, then is refused", async () => {
    const reader = createSqliteReader(path, 1);
    const holder = new SQLite(path);
    const merge = `INSERT INTO customers_fts(customers_fts, rank) VALUES ('merge', 8)`;
    try {
      // Held longer than the wait: refused with SQLITE_BUSY, after waiting in the thread (not at once).
      holder.exec('BEGIN IMMEDIATE');
      const started = Date.now();
      await expect(reader.write(merge, 5_000)).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_BUSY/) });
      expect(Date.now() - started).toBeGreaterThanOrEqual(BACKGROUND_WRITE_LOCK_WAIT_MS - 10);
      holder.exec('ROLLBACK');
      // Released within the wait: the step goes through once the holder commits.
      holder.exec('BEGIN IMMEDIATE');
      const step = reader.write(merge, 5_000);
      await new Promise((r) => setTimeout(r, 20));
      holder.exec('COMMIT');
      expect(await step).toBeGreaterThanOrEqual(0);
    } finally {
      if (holder.inTransaction) holder.exec('ROLLBACK');
      holder.close();
      await reader.close();
    }
  });
});
