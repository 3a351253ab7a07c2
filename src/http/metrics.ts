import { createRequire } from 'node:module';
import type * as PromClient from 'prom-client';
import type { PoolStats } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import type { AttemptOutcome } from '../webhooks/worker.js';
import type { QueueStats } from '../webhooks/delivery-queue-store.js';

// The service's Prometheus metrics (platform.md §6), one registry per container (tests build many
// apps in one process; prom-client's global registry would mix them). Labels hold only bounded,
// non-secret values: method, route template (never the raw URL, so no ids, no search terms), status,
// attempt outcome, pool state. Nothing names an organization, a user, a key or a secret.

export interface MetricsSources {
  /** The webhook queue, database-wide (one cheap statement; cached below). */
  queue: () => Promise<QueueStats>;
  /** The event log's size in events; absent until the event log exists (the gauge is then not exported). */
  eventLogSize?: () => Promise<number>;
  /** The database pool's use; null where there is none (SQLite). */
  pool: () => PoolStats | null;
  /** Live event streams open in this process (GET /api/v1/events/stream). */
  openStreams?: () => number;
}

export interface Metrics {
  registry: PromClient.Registry;
  /** One finished request: its method, route template ('unmatched' for none) and status. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** One webhook delivery attempt's outcome (counted by the worker of this process). */
  attemptFinished(outcome: AttemptOutcome): void;
}

// prom-client (with the @opentelemetry/api it loads: 1.6 MB of heap) is loaded when metrics are first
// built, not with this module: every process's container imports it, and neither the server's webhook
// thread (its attempts are counted by the server's) nor a `worker` process builds any.
const promClient = (): typeof PromClient => createRequire(import.meta.url)('prom-client') as typeof PromClient;

/** Database-backed gauges are read at most once per this interval, however often Prometheus scrapes. */
export const METRICS_CACHE_MS = 5_000;

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const OUTCOMES: AttemptOutcome[] = ['success', 'failure', 'exhausted', 'cancelled'];

/**
 * fn's result, shared by every caller for cacheMs (by the given clock) and by concurrent callers while
 * it runs: a scrape storm costs one statement per interval. A failure is not cached (the next scrape
 * tries again) and leaves the gauges at their last value.
 */
function cached<T>(fn: () => Promise<T>, clock: Clock, cacheMs: number): () => Promise<T> {
  let value: { at: number; result: Promise<T> } | null = null;
  return () => {
    const now = clock();
    if (value && now - value.at < cacheMs) return value.result;
    const entry = { at: now, result: fn() };
    value = entry;
    entry.result.catch(() => {
      if (value === entry) value = null;
    });
    return entry.result;
  };
}

export function createMetrics(options: { clock: Clock; sources: MetricsSources; cacheMs?: number }): Metrics {
  const { clock, sources } = options;
  const cacheMs = options.cacheMs ?? METRICS_CACHE_MS;
  const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = promClient();
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests, by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const attempts = new Counter({
    name: 'helpdesk_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome: success, failure (a retry is scheduled), exhausted (no retry left), cancelled (webhook inactive)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  // Every outcome is exported from the start (at 0), so rate() works from the first attempt.
  for (const outcome of OUTCOMES) attempts.inc({ outcome }, 0);

  const queue = cached(sources.queue, clock, cacheMs);
  const queueGauge = (name: string, help: string, read: (stats: QueueStats, now: number) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const stats = await queue().catch(() => null);
        if (stats) this.set(read(stats, clock()));
      },
    });
  queueGauge(
    'helpdesk_webhook_queue_depth',
    'Webhook deliveries waiting for an attempt (due now or scheduled for a retry), all organizations',
    (s) => s.queued,
  );
  queueGauge(
    'helpdesk_webhook_queue_due',
    'Webhook deliveries due now (including those being attempted), all organizations',
    (s) => s.due,
  );
  queueGauge(
    'helpdesk_webhook_oldest_due_age_seconds',
    'Age of the oldest due webhook delivery (0 when none is due)',
    (s, now) => (s.oldestDueAt === null ? 0 : Math.max(0, (now - s.oldestDueAt) / 1000)),
  );

  if (sources.eventLogSize) {
    const size = cached(sources.eventLogSize, clock, cacheMs);
    new Gauge({
      name: 'helpdesk_event_log_events',
      help: 'Events held in the event log (GET /api/v1/events), all organizations',
      registers: [registry],
      async collect() {
        const n = await size().catch(() => null);
        if (n !== null) this.set(n);
      },
    });
  }

  if (sources.openStreams) {
    const openStreams = sources.openStreams;
    new Gauge({
      name: 'helpdesk_event_streams_open',
      help: 'Live event streams (GET /api/v1/events/stream) open in this process',
      registers: [registry],
      collect() {
        this.set(openStreams());
      },
    });
  }

  // Registered on PostgreSQL only (SQLite has no pool): an always-zero series would mislead.
  if (sources.pool() !== null) {
    const poolGauge = (name: string, help: string, read: (p: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          const stats = sources.pool();
          if (stats) this.set(read(stats));
        },
      });
    poolGauge(
      'helpdesk_db_pool_connections',
      'Open database connections of this process (idle or in use)',
      (p) => p.total,
    );
    poolGauge('helpdesk_db_pool_idle_connections', 'Idle open database connections of this process', (p) => p.idle);
    poolGauge(
      'helpdesk_db_pool_max_connections',
      'The most database connections this process opens (DATABASE_POOL_SIZE)',
      (p) => p.max,
    );
    poolGauge(
      'helpdesk_db_pool_waiting_requests',
      'Queries of this process waiting for a free database connection',
      (p) => p.waiting,
    );
  }

  return {
    registry,
    observeRequest: (method, route, status, seconds) =>
      duration.observe({ method, route, status_code: String(status) }, seconds),
    attemptFinished: (outcome) => attempts.inc({ outcome }),
  };
}
