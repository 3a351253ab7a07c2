import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { LockWaitingSqliteDialect } from '../src/db/sqlite-lock-wait.js';
import { WAL_BACKSTOP_PAGES, walCheckpoints, type WalCheckpoints } from '../src/db/sqlite-wal-checkpoint.js';
import { cliCommand } from './support/cli-runner.js';
import { eventually } from './support/webhook-receiver.js';

// Who copies the WAL back into the database file (src/db/sqlite-wal-checkpoint.ts): SQLite's own
// checkpoint runs inside the commit that crosses 1,000 pages, on the committing thread, which for the
// server's connection is the event loop. The server leaves it to its webhook thread's connection, on a
// timer, and keeps its own only as a backstop. Read from the WAL index itself (the -shm file): how many
// frames the WAL holds and how many of them a checkpoint has copied back.

/** The WAL index header's mxFrame (offset 16) and the checkpoint info's nBackfill (offset 96), little-endian here. */
function walState(path: string): { frames: number; backfilled: number } {
  const shm = readFileSync(`${path}-shm`);
  return { frames: shm.readUInt32LE(16), backfilled: shm.readUInt32LE(96) };
}

const PAGE = 4096;
let dir: string | null = null;
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => h.close()));
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

function open(mode: WalCheckpoints, path = join((dir ??= mkdtempSync(join(tmpdir(), 'helpdesk-wal-'))), 'db.sqlite')) {
  const handle = openDatabase({ dialect: 'sqlite', path, url: `sqlite:${path}` }, { walCheckpoints: mode });
  handles.push(handle);
  return { handle, path };
}

/** One transaction writing about `pages` pages (a blob of that size). */
const writePages = (handle: DatabaseHandle, pages: number) =>
  handle.transaction((trx) => sql`INSERT INTO blobs (b) VALUES (zeroblob(${pages * PAGE}))`.execute(trx));

describe('sqlite: WAL checkpoints', () => {
  it("sqlite: 'auto' checkpoints in the commit that takes the WAL past 1,000 pages", async () => {
    const { handle, path } = open('auto');
    await sql`CREATE TABLE blobs (b BLOB)`.execute(handle.db);
    await writePages(handle, 1_500);
    const wal = walState(path);
    expect(wal.frames).toBeGreaterThan(1_500);
    expect(wal.backfilled).toBe(wal.frames);
  });

  it("sqlite: 'elsewhere' leaves a WAL past 1,000 pages to another connection", async () => {
    const { handle, path } = open('elsewhere');
    await sql`CREATE TABLE blobs (b BLOB)`.execute(handle.db);
    await writePages(handle, 1_500);
    expect(walState(path)).toMatchObject({ backfilled: 0 });
    expect(walState(path).frames).toBeGreaterThan(1_500);
  });

  it("sqlite: 'elsewhere' checkpoints itself once the WAL passes the backstop", async () => {
    const { handle, path } = open('elsewhere');
    await sql`CREATE TABLE blobs (b BLOB)`.execute(handle.db);
    await writePages(handle, WAL_BACKSTOP_PAGES - 500);
    expect(walState(path).backfilled).toBe(0);
    await writePages(handle, 1_000);
    const wal = walState(path);
    expect(wal.frames).toBeGreaterThan(WAL_BACKSTOP_PAGES);
    expect(wal.backfilled).toBe(wal.frames);
  });

  it("sqlite: 'timer' checkpoints what another connection wrote, without a write of its own", async () => {
    const { handle, path } = open('elsewhere');
    await sql`CREATE TABLE blobs (b BLOB)`.execute(handle.db);
    await writePages(handle, 1_500);
    expect(walState(path).backfilled).toBe(0);
    open('timer', path);
    const wal = await eventually(async () => {
      const state = walState(path);
      return state.backfilled > 0 && state;
    }, 5_000);
    expect(wal.frames).toBeGreaterThan(1_500);
    expect(wal.backfilled).toBe(wal.frames);
  });

  it("sqlite: 'timer' waits for the connection's own transaction instead of failing inside it", async () => {
    dir = mkdtempSync(join(tmpdir(), 'helpdesk-wal-'));
    const path = join(dir, 'db.sqlite');
    const sqlite = new SQLite(path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('wal_autocheckpoint = 0');
    const db = new Kysely<any>({ dialect: new LockWaitingSqliteDialect({ database: sqlite }) });
    const errors: unknown[] = [];
    const checkpointer = walCheckpoints(sqlite, db, 'timer', { intervalMs: 60_000, onError: (err) => errors.push(err) })!;
    try {
      await sql`CREATE TABLE blobs (b BLOB)`.execute(db);
      let tick: Promise<void> | null = null;
      await db.transaction().execute(async (trx) => {
        await sql`INSERT INTO blobs (b) VALUES (zeroblob(${100 * PAGE}))`.execute(trx);
        tick = checkpointer.tick();
        await new Promise((r) => setTimeout(r, 20));
        expect(walState(path).backfilled).toBe(0);
      });
      await tick;
      expect(errors).toEqual([]);
      const wal = walState(path);
      expect(wal.frames).toBeGreaterThan(100);
      expect(wal.backfilled).toBe(wal.frames);
    } finally {
      await checkpointer.stop();
      await db.destroy();
    }
  });
});

describe('sqlite: WAL checkpoints of a running server', () => {
  let server: ChildProcess | null = null;
  afterEach(() => {
    server?.kill('SIGKILL');
    server = null;
  });

  it('sqlite: serve checkpoints a WAL far below 1,000 pages (its webhook thread\'s timer, with no delivery to make)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'helpdesk-wal-'));
    const path = join(dir, 'db.sqlite');
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    server = spawn(...cliCommand(['serve']), {
      env: { ...process.env, DATABASE_URL: `sqlite:${path}`, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    server.stdout!.on('data', (d) => (out += d));
    server.stderr!.on('data', (d) => (out += d));
    // The first start prints the default organization's key; the thread logs its start.
    await eventually(async () => /webhook worker started/.test(out), 60_000).catch((err) => {
      throw new Error(`${String(err)}\n${out}`);
    });
    const token = /API key:\s+(\S+)/.exec(out)![1];
    // A few creates, far below SQLite's own 1,000-page mark: only the timer checkpoints them.
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/tickets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ subject: `ticket ${i}`, message: 'hello', customer: { email: 'c@example.com' } }),
      });
      expect(res.status).toBe(201);
    }
    const written = walState(path).frames;
    expect(written).toBeLessThan(1_000);
    // Copied back (or the WAL restarted after being copied back, holding fewer frames than written).
    await eventually(async () => {
      const state = walState(path);
      return (state.backfilled > 0 || state.frames < written) && state;
    }, 10_000).catch((err) => {
      throw new Error(`${String(err)}: ${JSON.stringify(walState(path))}`);
    });
  });
});
