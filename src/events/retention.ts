import type { DatabaseHandle } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import type { EventLog } from './event-log.js';

// Retention (EVENT_RETENTION_DAYS): events and delivery records older than the retention period are
// deleted by the service itself, organization by organization, in batches of BATCH rows, each its
// own short transaction (or single statement) that locks only the old rows it deletes, which no
// writer touches: ticket writes never wait for it. A delivery still due is never deleted, nor an
// event one of them still needs. Runs in every process that runs a delivery worker, once shortly
// after start and then every interval; concurrent runs in several processes are harmless.

const BATCH = 500;
const DAY_MS = 86_400_000;

export interface RetentionDeps {
  database: Pick<DatabaseHandle, 'system' | 'forOrganization'>;
  clock: Clock;
  days: number;
  eventLog: Pick<EventLog, 'prune'>;
  /** Rows per batch (default 500). */
  batch?: number;
  /** The webhooks domain's part: its delivery records (and their history totals). */
  deliveries: { pruneHistory(organizationId: string, before: number, batch: number): Promise<number> };
}

export function createRetention({ database, clock, days, eventLog, deliveries, batch = BATCH }: RetentionDeps) {
  return {
    /** One pass over every organization; returns how many events and delivery records went. */
    async runOnce(): Promise<{ events: number; deliveries: number }> {
      const before = clock() - days * DAY_MS;
      const organizations = await database.system.db.selectFrom('organizations').select('id').orderBy('id').execute();
      let events = 0;
      let records = 0;
      for (const { id } of organizations) {
        // Delivery records first: an event goes only once no delivery still due needs it.
        records += await deliveries.pruneHistory(id, before, batch);
        const t = database.forOrganization(id);
        for (;;) {
          const { deleted, more } = await eventLog.prune(t, before, batch);
          events += deleted;
          if (!more) break;
        }
      }
      return { events, deliveries: records };
    },
  };
}

export type Retention = ReturnType<typeof createRetention>;

/** Runs retention after `firstDelayMs`, then every `intervalMs`, until stopped. */
export function startRetention(
  retention: Retention,
  options: { firstDelayMs: number; intervalMs: number; onError: (err: unknown) => void },
) {
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = retention
      .runOnce()
      .catch(options.onError)
      .finally(() => (running = null));
  };
  const first = setTimeout(run, options.firstDelayMs);
  const timer = setInterval(run, options.intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
