import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import type { App } from '../src/shared/http.js';
import { api } from './support/api.js';
import { logSettled } from './support/event-log.js';
import { createTestClock, describeEachDialect, type TestOrg } from './support/harness.js';

// Event cursors name positions that every organization shares (a global sequence on SQLite, transaction
// ids on PostgreSQL). What a caller may learn from them is its own events and nothing else: a cursor
// is sealed for the organization it was given to, so another organization's cursor, or a position
// spelled out by hand (below or above the newest event anywhere), is refused alike, and every process
// of the deployment opens the cursors any other issued.

const CURSOR = /^evc_[A-Za-z0-9_-]{59}$/;

describeEachDialect('event cursors across organizations', (ctx) => {
  const other = {} as { app: App; database: DatabaseHandle };
  beforeAll(async () => {
    const config = loadConfig({ DATABASE_URL: ctx.dbUrl, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'silent' });
    other.database = openDatabase(config.database, { poolSize: 2, guardTenants: true });
    other.app = await buildApp(createContainer({ config, database: other.database, clock: createTestClock() }));
    await other.app.ready();
  });
  afterAll(async () => {
    await other.app?.close();
    await other.database?.close();
  });

  const events = async (org: TestOrg, after?: string) => {
    await logSettled(ctx);
    return org.api.get(`/api/v1/events?limit=1000${after === undefined ? '' : `&after=${after}`}`);
  };
  const customers = async (org: TestOrg, n: number, tag: string) => {
    for (let i = 0; i < n; i++) await org.api.post('/api/v1/customers', { email: `${tag}${i}@example.com` });
  };

  it("refuses one organization's cursors to another, both ways, whatever their positions", async () => {
    const a = await ctx.createOrg();
    const b = await ctx.createOrg();
    const bStart = (await events(b)).body.meta.next_cursor;
    await customers(a, 2, 'a');
    await customers(b, 3, 'b');
    const aCursor = (await events(a)).body.meta.next_cursor;
    const bCursor = (await events(b)).body.meta.next_cursor;
    for (const [reader, cursor] of [
      [a, bStart],
      [a, bCursor],
      [b, aCursor],
    ] as const) {
      const res = await events(reader, cursor);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation_error', details: [{ field: 'after' }] });
    }
    // Each still works for its own organization.
    expect((await events(a, aCursor)).body).toMatchObject({ data: [], meta: { next_cursor: aCursor } });
    expect((await events(b, bStart)).body.data).toHaveLength(3);
  });

  it('refuses positions spelled out by hand: no answer tells how far the shared log has gone', async () => {
    const a = await ctx.createOrg();
    const b = await ctx.createOrg();
    await customers(a, 1, 'a');
    await customers(b, 5, 'b');
    await logSettled(ctx);
    // The position of A's own event, and positions below and far above the newest event anywhere.
    const own = (
      await sql<{ xid: string; seq: string | number }>`select ${sql.raw(
        ctx.dialect === 'postgres' ? 'xid::text' : "'0'",
      )} as xid, seq from events where organization_id = ${a.id}`.execute(ctx.database.db)
    ).rows[0];
    const spelled = (xid: string, seq: number | string) =>
      `evc_${Buffer.from(`1:${xid}:${seq}`, 'utf8').toString('base64url')}`;
    for (const cursor of [
      spelled(own.xid, own.seq),
      spelled('0', 1),
      spelled('0', 0),
      spelled(ctx.dialect === 'postgres' ? '99999999999' : '0', 99_999_999),
    ]) {
      const res = await events(a, cursor);
      expect(res.status, cursor).toBe(400);
    }
  });

  it('gives cursors of one length that show nothing of the position, and the same one for the same position', async () => {
    const a = await ctx.createOrg();
    const b = await ctx.createOrg();
    const first = (await events(a)).body.meta.next_cursor;
    await customers(b, 20, 'b'); // moves the shared position, not A's log
    const again = await events(a);
    expect(again.body).toEqual({ data: [], meta: { next_cursor: first, has_more: false } });
    await customers(a, 3, 'a');
    // Readable once every transaction that began before them has ended, cluster-wide (PostgreSQL).
    await logSettled(ctx);
    const cursors = [first];
    let cursor = first;
    for (let i = 0; i < 3; i++) {
      const page = (await a.api.get(`/api/v1/events?limit=1&after=${cursor}`)).body;
      expect(page.data).toHaveLength(1);
      cursor = page.meta.next_cursor;
      cursors.push(cursor);
    }
    const seqs = (
      await sql<{ seq: string | number }>`select seq from events where organization_id = ${a.id}`.execute(
        ctx.database.db,
      )
    ).rows.map((r) => BigInt(r.seq));
    for (const c of cursors) {
      expect(c).toMatch(CURSOR);
      const bytes = Buffer.from(c.slice(4), 'base64url');
      expect(bytes.toString('latin1')).not.toMatch(/\d+:\d+/);
      for (const seq of seqs) {
        const be = Buffer.alloc(8);
        be.writeBigUInt64BE(seq);
        expect(bytes.includes(be)).toBe(false);
      }
    }
    expect(new Set(cursors).size).toBe(4);
  });

  it('opens in every process the cursors another process issued (one key, kept in the database)', async () => {
    const a = await ctx.createOrg();
    await customers(a, 2, 'a');
    const page = (await events(a)).body;
    await customers(a, 1, 'later');
    await logSettled(ctx);
    const elsewhere = await api(other.app, a.token).get(`/api/v1/events?after=${page.meta.next_cursor}`);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.data.map((e: any) => e.data.email)).toEqual(['later0@example.com']);
    const here = await a.api.get(`/api/v1/events?after=${page.meta.next_cursor}`);
    expect(here.body).toEqual(elsewhere.body);
    const keys = await ctx.database.db.selectFrom('installation_secrets').select('name').execute();
    expect(keys).toEqual([{ name: 'event-cursor-key' }]);
  });
});
