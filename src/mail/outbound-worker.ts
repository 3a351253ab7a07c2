import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { nextAttemptAt } from '../webhooks/delivery-policy.js';
import { createTransports, type SendingMailbox, timeoutsWithin } from './mail-transports.js';
import type { SmtpSettings } from './mailbox-service.js';
import * as mailboxes from './mailbox-store.js';
import { composeReply } from './outbound-message.js';
import { OUTBOX_CHANNEL } from './outbound-service.js';
import * as outbox from './outbox-store.js';

// The outbound mail worker: claims due replies with a lease, sends each through its mailbox's pooled
// SMTP transport (else SMTP_URL), and records the outcome: sent, retried after 1, 5, 15 and 60
// minutes, or failed. The attempt is counted (and leased) before anything is sent, and recorded as
// sent as soon as the receiving server has accepted the mail. What is left is at least once: a crash
// after the server's acceptance and before that record (a few milliseconds) sends the mail again
// when the lease runs out, with the same Message-ID, which receiving systems use to drop duplicates.

export interface OutboundWorkerSettings {
  smtpUrl: string | null;
  retryDelaysMs: number[];
  leaseMs: number;
  pollIntervalMs: number;
  /** Replies one claim takes (and sends at once) at most. */
  batchSize?: number;
}

export interface OutboundLogger {
  warn(obj: object, msg: string): void;
}

export type MailOutcome = 'sent' | 'retry' | 'failed';

export interface OutboundWorkerDeps {
  database: DatabaseHandle;
  clock: Clock;
  settings: OutboundWorkerSettings;
  /** Opens a sealed mailbox password. */
  openSecret(sealed: string): Promise<string>;
  logger: OutboundLogger;
  onAttempt?: (outcome: MailOutcome) => void;
}

export interface OutboundWorkerHandle {
  /** Stops claiming, waits for the attempts under way to be recorded, closes the SMTP pools. */
  stop(): Promise<void>;
  /** Looks at the queue now (tests, and the wake-up). */
  wake(): void;
}

/** An SMTP reply code of 5xx: the server refused for good, so retrying is pointless. */
const permanent = (err: unknown): boolean => {
  const code = (err as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};
const describe = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

export function startOutboundWorker(deps: OutboundWorkerDeps): OutboundWorkerHandle {
  const { database, clock, settings, logger } = deps;
  const transports = createTransports(settings.smtpUrl, timeoutsWithin(settings.leaseMs));
  const maxAttempts = settings.retryDelaysMs.length + 1;
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  let pending = false;
  const wake = () => {
    pending = true;
    wakeUp?.();
  };
  const unlisten = database.listen(OUTBOX_CHANNEL, wake, (err) =>
    logger.warn({ err }, 'outbound mail wake-ups lost; polling meanwhile'),
  );

  async function sendingMailbox(
    organizationId: string,
    ticketId: string,
  ): Promise<(SendingMailbox & { address: string; from_name: string | null }) | null> {
    // The mailbox the ticket's mail came in on (else the organization's first).
    const row = await mailboxes.sendingMailboxOf(database.forOrganization(organizationId), ticketId);
    if (!row) return null;
    return {
      id: row.id,
      updated_at: row.updated_at,
      address: row.address,
      from_name: row.from_name,
      smtp: row.smtp === null ? null : (JSON.parse(row.smtp) as SmtpSettings),
      password: row.smtp_password === null ? null : await deps.openSecret(row.smtp_password),
    };
  }

  async function attempt(claim: outbox.ClaimedMail): Promise<MailOutcome> {
    const t = database.forOrganization(claim.organization_id);
    const fail = async (error: string, retry: boolean): Promise<MailOutcome> => {
      const at = clock();
      const next = retry ? nextAttemptAt(claim.attempt_count, at, settings.retryDelaysMs, maxAttempts) : null;
      await outbox.recordOutcome(
        database.system,
        claim,
        next === null ? { state: 'failed', error, at } : { state: 'queued', error, nextAttemptAt: next, at },
      );
      return next === null ? 'failed' : 'retry';
    };
    const parts = await outbox.loadMailParts(t, claim.ticket_id, claim.message_id);
    if (!parts) return fail('the reply or its ticket no longer exists', false);
    const mailbox = await sendingMailbox(claim.organization_id, claim.ticket_id);
    if (!mailbox) return fail('the organization has no mailbox to send from', true);
    const transport = transports.for(mailbox);
    if (!transport) return fail('the mailbox has no SMTP settings and SMTP_URL is not set', true);
    const thread = await outbox.threadMessageIds(t, claim.ticket_id, claim.message_id);
    const mail = composeReply({
      mailbox,
      agentName: parts.author_name,
      customer: { email: parts.customer_email, name: parts.customer_name },
      ticket: { subject: parts.subject, number: parts.number },
      content: parts.content,
      messageId: claim.mail_message_id,
      thread,
    });
    try {
      await transport.sendMail(mail);
    } catch (err) {
      return fail(describe(err), !permanent(err));
    }
    // Accepted by the server: recorded at once (the at-least-once window is this statement).
    await outbox.recordOutcome(database.system, claim, { state: 'sent', at: clock() });
    return 'sent';
  }

  async function runOnce(): Promise<number> {
    const claims = await outbox.claimDue(database.system, {
      now: clock(),
      leaseMs: settings.leaseMs,
      limit: settings.batchSize ?? 16,
      token: randomUUID(),
    });
    await Promise.all(
      claims.map(async (claim) => {
        const outcome = await attempt(claim).catch((err: unknown) => {
          // A database error mid-attempt: the lease runs out and the reply is taken again.
          logger.warn({ err, message_id: claim.message_id }, 'outbound mail attempt not recorded');
          return null;
        });
        if (outcome) deps.onAttempt?.(outcome);
      }),
    );
    return claims.length;
  }

  const loop = (async () => {
    while (!stopped) {
      pending = false;
      let claimed = 0;
      try {
        claimed = await runOnce();
      } catch (err) {
        logger.warn({ err }, 'outbound mail claim failed; retrying');
      }
      if (stopped || claimed > 0 || pending) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, settings.pollIntervalMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  })();

  return {
    wake,
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
      await unlisten().catch(() => undefined);
      transports.close();
    },
  };
}
