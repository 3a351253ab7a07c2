import { randomUUID } from 'node:crypto';
import type { DatabaseHandle, TenantDb } from '../db/database.js';
import type { OutboundMail } from '../mail/outbound-service.js';
import type { Clock } from '../shared/clock.js';
import * as followUps from './follow-up-store.js';
import type { VisitorService } from './visitor-service.js';

// The chat widget's background work, where the outbound mail worker runs:
// - follow-ups: an agent's reply on a widget ticket that the visitor's widget has not reported seen
//   by its due time is queued on the outbound mail queue (a mailbox needed), threaded as every mailed
//   reply is (its Message-ID carries the ticket's reply token), so the visitor's answer by mail lands
//   on the same ticket. The row is settled and the mail queued in one transaction, only while the row
//   is still pending under this worker's lease: never mailed twice, never after "seen", and a crash
//   before the commit leaves the row to be claimed again when the lease runs out.
// - expired visitor sessions, and rate windows long ended, are deleted every few minutes.

export interface WidgetUpkeepSettings {
  /** How often due follow-ups are looked for. */
  pollMs: number;
  /** A worker's claim on a follow-up. */
  leaseMs?: number;
  /** How often expired sessions and ended windows are deleted. */
  sweepMs?: number;
}

export interface WidgetUpkeepDeps {
  database: DatabaseHandle;
  clock: Clock;
  settings: WidgetUpkeepSettings;
  mail: Pick<OutboundMail, 'ready' | 'queueReply'>;
  /** Whether the organization has a mailbox to send from. */
  hasMailbox(organizationId: string): Promise<boolean>;
  visitors: Pick<VisitorService, 'sweepExpired'>;
  logger: { warn(obj: object, msg: string): void };
}

/** The ticket service's port: a staff reply on a widget ticket gets a follow-up due `delayMs` later. */
export function widgetReplyFollowUps(delayMs: number) {
  return {
    replyWrite: (t: TenantDb, r: { ticketId: string; messageId: string; channel: string; now: number }) =>
      r.channel === 'WIDGET' || r.channel === 'WIDGET_AI'
        ? followUps.followUpInsert(t, {
            message_id: r.messageId,
            ticket_id: r.ticketId,
            due_at: r.now + delayMs,
            now: r.now,
          })
        : null,
  };
}

const BATCH = 32;
const SWEEP_BATCH = 500;
/** Windows are kept this long after they end (the longest window is an hour). */
const WINDOW_GRACE_MS = 3_600_000;

/** Queues the due follow-ups once; the number handled (mailed, skipped or lost to a "seen" report). */
export async function runFollowUps(deps: Omit<WidgetUpkeepDeps, 'settings' | 'logger' | 'visitors'>, leaseMs = 60_000) {
  const { database, clock, mail } = deps;
  const claims = await followUps.claimDue(database.system, {
    now: clock(),
    leaseMs,
    limit: BATCH,
    token: randomUUID(),
  });
  if (claims.length === 0) return 0;
  // The reply-token key is read before any transaction (on SQLite a transaction holds the only connection).
  await mail.ready();
  for (const claim of claims) {
    const mailbox = await deps.hasMailbox(claim.organization_id);
    await database.forOrganization(claim.organization_id).transaction(async (t: TenantDb) => {
      const now = clock();
      if (!(await followUps.settle(t, claim, mailbox ? 'mailed' : 'skipped', now))) return;
      if (mailbox) await mail.queueReply(t, { ticketId: claim.ticket_id, messageId: claim.message_id, now });
    });
  }
  return claims.length;
}

/** Deletes expired visitor sessions and long-ended rate windows (in batches); the rows deleted. */
export async function sweepWidgets(deps: Pick<WidgetUpkeepDeps, 'database' | 'clock' | 'visitors'>) {
  let deleted = 0;
  for (;;) {
    const n = await deps.visitors.sweepExpired(SWEEP_BATCH);
    deleted += n;
    if (n < SWEEP_BATCH) break;
  }
  for (;;) {
    const n = await followUps.deleteEndedWindows(deps.database.system, deps.clock() - WINDOW_GRACE_MS, SWEEP_BATCH);
    deleted += n;
    if (n < SWEEP_BATCH) break;
  }
  return deleted;
}

export function startWidgetUpkeep(deps: WidgetUpkeepDeps): { stop(): Promise<void> } {
  const { settings, logger } = deps;
  const sweepMs = settings.sweepMs ?? 600_000;
  let stopped = false;
  let wake: (() => void) | null = null;
  let lastSweep = 0;
  const loop = (async () => {
    while (!stopped) {
      let handled = 0;
      try {
        handled = await runFollowUps(deps, settings.leaseMs);
      } catch (err) {
        logger.warn({ err }, 'widget follow-ups failed; retrying');
      }
      if (Date.now() - lastSweep >= sweepMs) {
        lastSweep = Date.now();
        await sweepWidgets(deps).catch((err: unknown) =>
          logger.warn({ err }, 'expired widget sessions not deleted; retrying at the next sweep'),
        );
      }
      if (stopped || handled === BATCH) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, settings.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  })();
  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
