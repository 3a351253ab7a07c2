import { randomBytes } from 'node:crypto';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, expect, it } from 'vitest';
import { rerunTransaction } from '../src/db/database.js';
import { NOTIFIERS } from '../src/db/notifications.js';
import { deferred } from './support/deferred.js';
import { describeEachDialect, type TestContext } from './support/harness.js';
import { postTicket } from './support/ticket-fixtures.js';
import { eventually } from './support/webhook-receiver.js';
import { workerFixture } from './support/worker-fixture.js';

// Wake-ups are sent after COMMIT (sql-handle.ts, notifications.ts), never inside the transaction whose
// work they announce: on PostgreSQL a NOTIFY inside the transaction made every notifying COMMIT take
// the database-wide notify-queue lock (creates committed one at a time); on SQLite the in-process
// wake-up could reach another thread's connection before the rows were committed. A rolled-back
// transaction wakes nobody, and a process's wake-ups are coalesced (at most one in flight).

// Every statement node-postgres sends, with the connection's transaction status when it was sent
// ('I' idle, 'T' in a transaction). Patched before any connection is opened: the pool's connections
// bind client.query when they connect (database.ts hardenPool). While `gate` is set, pg_notify
// statements wait for it (the coalescing test holds one in flight).
const sent: { text: string; status: string }[] = [];
let gate: Promise<void> | null = null;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string; values?: unknown[] } | undefined;
  const values = typeof first === 'string' ? args[1] : first?.values;
  // The statement with its parameters (a channel may be either).
  const text = `${typeof first === 'string' ? first : (first?.text ?? '')} ${Array.isArray(values) ? values.join(' ') : ''}`;
  sent.push({ text, status: (this as unknown as { getTransactionStatus(): string }).getTransactionStatus() });
  const run = () => (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  if (gate && text.includes('pg_notify')) return gate.then(run);
  return run();
} as typeof originalQuery;
afterAll(() => {
  pg.Client.prototype.query = originalQuery;
});

const notifies = (channel: string) => sent.filter((s) => s.text.includes('pg_notify') && s.text.includes(channel));
const customer = { email: 'ada@example.com', name: 'Ada' };
const uniqueChannel = () => `test_wakeup_${randomBytes(4).toString('hex')}`;

/** A listener on channel (ready: on PostgreSQL its LISTEN connection is up), counting wake-ups. */
async function listening(ctx: TestContext, channel: string, onWake: () => void = () => undefined) {
  const state = { calls: 0 };
  let ready = ctx.dialect !== 'postgres';
  const stop = ctx.database.listen(
    channel,
    () => {
      state.calls++;
      if (ready) onWake();
    },
    () => undefined,
  );
  // PostgreSQL's listener is called once when its connection is up (what was committed meanwhile).
  if (!ready) {
    await eventually(async () => state.calls > 0);
    state.calls = 0;
    ready = true;
  }
  return { state, stop };
}

/** Reads the organization's name on a connection of its own: it sees committed rows only. */
function otherConnection(ctx: TestContext) {
  if (ctx.dialect === 'sqlite') {
    const db = new Sqlite(ctx.dbUrl.replace(/^sqlite:/, ''), { readonly: true });
    return {
      name: async (id: string) =>
        (db.prepare('select name from organizations where id = ?').get(id) as { name: string }).name,
      close: async () => db.close(),
    };
  }
  const client = new pg.Client({ connectionString: ctx.dbUrl });
  const connected = client.connect();
  return {
    name: async (id: string) => {
      await connected;
      return (await client.query<{ name: string }>('select name from organizations where id = $1', [id])).rows[0].name;
    },
    close: () => client.end(),
  };
}

function wakeupSuite(ctx: TestContext) {
  const fixture = workerFixture(ctx);
  afterEach(() => {
    gate = null;
  });

  it("a create's deliveries reach the receiver through the wake-up sent after its commit (no poll)", async () => {
    const org = await ctx.createOrg();
    const hook = await org.api.post('/api/v1/webhooks', {
      name: 'Wake',
      url: `${fixture.receiver.url}/hook`,
      events: ['ticket.created'],
    });
    expect(hook.status).toBe(201);
    // No poll for an hour: the delivery can only come from the wake-up.
    fixture.start({ pollIntervalMs: 3_600_000 });
    await new Promise((r) => setTimeout(r, 200)); // the worker's first (empty) claim and its LISTEN
    sent.length = 0;
    const created = await postTicket(org.api, { customer });
    expect(created.status).toBe(201);
    const got = await fixture.receiver.waitFor(1);
    expect(got.map((r) => r.json.data.id)).toEqual([created.body.data.id]);
    if (ctx.dialect === 'postgres') {
      // Sent outside any transaction (on the wake-up connection), not inside the create's.
      const wakeups = notifies('helpdesk_webhook_deliveries');
      expect(wakeups.length).toBeGreaterThan(0);
      expect(wakeups.map((s) => s.status)).toEqual(wakeups.map(() => 'I'));
    }
  });

  it('a listener woken by a transaction sees its rows committed, read on another connection', async () => {
    const org = await ctx.createOrg('Before');
    const channel = uniqueChannel();
    const other = otherConnection(ctx);
    const seen: Promise<string>[] = [];
    const { stop } = await listening(ctx, channel, () => seen.push(other.name(org.id)));
    try {
      sent.length = 0;
      await ctx.database.system.transaction(async (s) => {
        await s.db.updateTable('organizations').set({ name: 'After' }).where('id', '=', org.id).execute();
        await s.notify(channel);
        // Work that yields to the event loop before COMMIT: a wake-up sent inside the transaction
        // reaches the listener here, before the rows are committed.
        await new Promise((r) => setTimeout(r, 50));
      });
      await eventually(async () => seen.length > 0);
      expect(await Promise.all(seen)).toEqual(seen.map(() => 'After'));
      if (ctx.dialect === 'postgres') expect(notifies(channel).map((s) => s.status)).toEqual(['I']);
    } finally {
      await stop();
      await other.close();
    }
  });

  it('a rolled-back transaction wakes nobody; a rerun wakes only for the attempt that committed', async () => {
    const rolledBack = uniqueChannel();
    const rerun = uniqueChannel();
    const marker = uniqueChannel();
    const a = await listening(ctx, rolledBack);
    const b = await listening(ctx, rerun);
    const m = await listening(ctx, marker);
    try {
      sent.length = 0;
      await expect(
        ctx.database.system.transaction(async (s) => {
          await s.notify(rolledBack);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      // PostgreSQL reruns a transaction that fails with a serialization failure (database.ts): the
      // first attempt asked for a wake-up on `rerun`, the second (which commits) does not.
      let attempts = 0;
      await ctx.database.system.transaction(async (s) => {
        attempts++;
        if (attempts === 1 && ctx.dialect === 'postgres') {
          await s.notify(rerun);
          throw rerunTransaction('try again');
        }
      });
      // A later committed wake-up, sent after anything the transactions above could have sent.
      await ctx.database.system.transaction((s) => s.notify(marker));
      await eventually(async () => m.state.calls > 0);
      await new Promise((r) => setImmediate(r));
      expect([a.state.calls, b.state.calls]).toEqual([0, 0]);
      expect([notifies(rolledBack).length, notifies(rerun).length, notifies(marker).length]).toEqual([
        0,
        0,
        ctx.dialect === 'postgres' ? 1 : 0,
      ]);
    } finally {
      await Promise.all([a.stop(), b.stop(), m.stop()]);
    }
  });
}

describeEachDialect('webhook wake-ups after commit', wakeupSuite, {
  env: { WEBHOOK_TIMEOUT_MS: '2000', WEBHOOK_POLL_INTERVAL_MS: '1000' },
});

describeEachDialect(
  'wake-ups coalesced per process',
  (ctx) => {
    afterEach(() => {
      gate = null;
    });

    it('commits made while a wake-up is in flight share exactly one more, sent after it', async () => {
      const channel = uniqueChannel();
      const { state, stop } = await listening(ctx, channel);
      const held = deferred();
      gate = held.promise;
      try {
        sent.length = 0;
        let committed = 0;
        const commit = () =>
          ctx.database.system.transaction(async (s) => {
            await s.notify(channel);
            await s.afterCommit('count', async () => void committed++);
          });
        // The first commit's wake-up is sent and held in flight (at the gate).
        const first = commit();
        await eventually(async () => notifies(channel).length === 1);
        // Twenty more commit while it is in flight.
        const more = Array.from({ length: 20 }, commit);
        await eventually(async () => committed === 21);
        expect(notifies(channel)).toHaveLength(1);
        held.resolve();
        await Promise.all([first, ...more]);
        // Exactly one more, after the one in flight; both outside any transaction.
        expect(notifies(channel).map((s) => s.status)).toEqual(['I', 'I']);
        await eventually(async () => state.calls === 2);
      } finally {
        held.resolve();
        await stop();
      }
    });
  },
  // In-process wake-ups (SQLite) cost no round trip and are not coalesced.
  { dialects: ['postgres'] },
);

describeEachDialect(
  'wake-ups on a connection of their own',
  (ctx) => {
    it('a notifier given a URL for them sends wake-ups while every pooled connection is taken', async () => {
      const channel = uniqueChannel();
      const { state, stop } = await listening(ctx, channel);
      const notifier = NOTIFIERS.postgres(ctx.dbUrl, ctx.dbUrl);
      // Every connection of the suite's pool (5) held by a transaction until released.
      const held = deferred();
      let open = 0;
      const holders = Array.from({ length: 5 }, () =>
        ctx.database.transaction(async () => {
          open++;
          await held.promise;
        }),
      );
      try {
        await eventually(async () => open === 5);
        sent.length = 0;
        await notifier.notify(channel);
        await eventually(async () => state.calls === 1);
        expect(notifies(channel).map((s) => s.status)).toEqual(['I']);
        expect(open).toBe(5);
      } finally {
        held.resolve();
        await Promise.all(holders);
        await stop();
      }
    });
  },
  { dialects: ['postgres'] },
);
