import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { WAL_BACKSTOP_PAGES } from '../src/db/sqlite-wal-checkpoints.js';
import { createTestDatabase, type TestDatabase } from './support/harness.js';

// The server's SQLite connection leaves checkpoints of the write-ahead log to a reader thread
// (src/db/sqlite-wal-checkpoints.ts): by default SQLite checkpoints inside the commit that takes the
// log past 1,000 pages, and on the API's connection that commit blocked the event loop for ~300 ms
// at 1 M tickets. What a checkpoint did is read from the WAL index (the -shm file): its header's
// frame count (mxFrame, byte 16) and the checkpoint info's nBackfill (byte 96), in native byte order.

const walIndex = (path: string) => {
  const shm = readFileSync(`${path}-shm`);
  return { frames: shm.readUInt32LE(16), backfilled: shm.readUInt32LE(96) };
};

/** One transaction of ~1,500 pages (4 KB each): past SQLite's default checkpoint mark of 1,000. */
async function bigWrite(handle: DatabaseHandle, tag: string): Promise<void> {
  const name = 'x'.repeat(3_000);
  await handle.transaction(async (trx) => {
    for (let chunk = 0; chunk < 4; chunk++) {
      const rows = Array.from({ length: 500 }, (_, i) => ({ id: `${tag}-${chunk}-${i}`, name, created_at: 0 }));
      await trx.insertInto('organizations').values(rows).execute();
    }
  });
}

describe('sqlite: write-ahead log checkpoints', () => {
  let db: TestDatabase & { path: string };
  let path: string;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    ({ path } = db);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("sqlite: the server's connection does not checkpoint in its commit; a reader thread checkpoints soon after", async () => {
    const handle = openDatabase({ dialect: 'sqlite', path, url: db.url });
    handle.startBackgroundUpkeep();
    try {
      const [mark] = (await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(handle.db)).rows;
      expect(mark.wal_autocheckpoint).toBe(WAL_BACKSTOP_PAGES);
      await bigWrite(handle, 'server');
      // Read in the same turn of the event loop as the commit: no background check has run since.
      const after = walIndex(path);
      expect(after.frames).toBeGreaterThan(1_000);
      expect(after.backfilled).toBeLessThan(after.frames);
      const deadline = Date.now() + 10_000;
      let now = walIndex(path);
      // Done when every frame of the commit is in the database file (or the log has started over,
      // which only follows a complete checkpoint).
      while (now.backfilled < after.frames && now.frames >= after.frames && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        now = walIndex(path);
      }
      expect(now.backfilled >= after.frames || now.frames < after.frames).toBe(true);
      // Every row is there.
      const count = await sql<{ n: number }>`SELECT count(*) AS n FROM organizations WHERE id LIKE 'server-%'`.execute(
        handle.db,
      );
      expect(Number(count.rows[0].n)).toBe(2_000);
    } finally {
      await handle.close();
    }
  });

  it('sqlite: a connection without background upkeep (the CLI) checkpoints in its own commit, as SQLite does by default', async () => {
    const handle = openDatabase({ dialect: 'sqlite', path, url: db.url });
    try {
      const [mark] = (await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(handle.db)).rows;
      expect(mark.wal_autocheckpoint).toBe(1_000);
      await bigWrite(handle, 'cli');
      const after = walIndex(path);
      expect(after.frames).toBeGreaterThan(1_000);
      expect(after.backfilled).toBe(after.frames);
    } finally {
      await handle.close();
    }
  });
});
