import type { Dialect } from './dialects.js';
import type { Sql } from './sql-handle.js';

// Striped counters. The organization's shared totals (ticket_counts buckets,
// customer_counts, ticket_usage) are each split into rows told apart by a `stripe` column; a write
// adds its delta to one stripe, a read sums them, so totals stay exact. Where transactions write
// concurrently (PostgreSQL) a stripe row stays locked until its writer commits, and with a single
// row per total every create of an organization queued behind the previous one's COMMIT (WAL flush
// included): creates of one organization ran one at a time. With STRIPES rows, concurrent creates
// mostly take different rows and their commits flush together. SQLite has one writer at a time:
// one stripe, nothing to spread.

const STRIPES: Record<Dialect, number> = { sqlite: 1, postgres: 16 };

/** The number of stripes a shared counter is spread over on this handle's engine. */
export function stripeCount(t: Sql): number {
  return t.pick(STRIPES);
}

/**
 * A stripe for one write: random, so concurrent writers rarely share one (a connection's own
 * transactions never overlap, so no stripe needs to belong to it).
 */
export function pickStripe(t: Sql): number {
  const n = stripeCount(t);
  return n === 1 ? 0 : Math.floor(Math.random() * n);
}
