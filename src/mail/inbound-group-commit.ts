import type { DatabaseHandle } from '../db/database.js';
import * as store from './inbound-store.js';

// Group commit of received messages. Every way in acknowledges a message only once it is committed,
// and a commit costs more than the row it carries (PostgreSQL flushes its log; SQLite writes the
// pages and the log frames the row touched). Messages that arrive together (the SMTP listener's
// connections finishing their DATA in the same turn of the event loop) are therefore inserted by one
// statement in one transaction, and each caller hears after that shared commit, never before.
// A message only ever joins a transaction not begun yet; one transaction runs at a time and whatever
// arrives meanwhile goes into the next. If a shared transaction fails, its messages are inserted one
// by one, so that one bad message fails only its own way in (which answers "try again").

/** Messages per transaction at most (their bytes are bound parameters: up to 512 KiB each). */
const MAX_PER_COMMIT = 64;

interface Waiting {
  row: store.InboundRow;
  resolve(stored: boolean): void;
  reject(err: unknown): void;
}

export type InboundInsert = (organizationId: string, row: store.InboundRow) => Promise<boolean>;

/** insertInbound with group commit: resolves with whether the row was new, once it is committed. */
export function groupCommittedInserts(database: DatabaseHandle): InboundInsert {
  const pending = new Map<string, Waiting[]>();
  let running = false;
  let scheduled = false;

  // One statement each, committed on its own (no transaction around it: on PostgreSQL that would be
  // two round trips more for nothing).
  const insertOne = (organizationId: string, row: store.InboundRow) =>
    store.insertInbound(database.forOrganization(organizationId), row);

  async function commit(organizationId: string, batch: Waiting[]): Promise<void> {
    try {
      const stored = await store.insertInboundRows(
        database.forOrganization(organizationId),
        batch.map((w) => w.row),
      );
      for (const w of batch) w.resolve(stored.has(w.row.id));
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      for (const w of batch) await insertOne(organizationId, w.row).then(w.resolve, w.reject);
    }
  }

  /** One transaction per organization with messages waiting (a batch of at most MAX_PER_COMMIT each). */
  async function flush(): Promise<void> {
    const batches: [string, Waiting[]][] = [];
    for (const [organizationId, list] of pending) {
      batches.push([organizationId, list.splice(0, MAX_PER_COMMIT)]);
      if (list.length === 0) pending.delete(organizationId);
    }
    await Promise.all(batches.map(([organizationId, batch]) => commit(organizationId, batch)));
  }

  // On the next turn of the event loop: messages whose last bytes arrived in this one share the commit.
  function schedule(): void {
    if (scheduled || running || pending.size === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      running = true;
      void flush().finally(() => {
        running = false;
        schedule();
      });
    });
  }

  return (organizationId, row) =>
    new Promise<boolean>((resolve, reject) => {
      let list = pending.get(organizationId);
      if (!list) pending.set(organizationId, (list = []));
      list.push({ row, resolve, reject });
      schedule();
    });
}
