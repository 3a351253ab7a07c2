import { randomUUID } from 'node:crypto';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { deliveryBody, signingSecrets, webhookMessageId } from './delivery-body.js';
import { createDeliveryClient } from './delivery-client.js';
import { nextAttemptAt } from './delivery-policy.js';
import type { ClaimedDelivery } from './delivery-claim-store.js';
import { cancelDelivery, claimDueDeliveries, releaseLease } from './delivery-queue-store.js';
import { ClaimResumePoint } from './claim-resume.js';
import { recordAttempts, type FinishedDelivery } from './delivery-record-store.js';
import { TEST_EVENT } from './webhook-events.js';
import { onDeliveriesQueued } from './webhook-wakeup.js';

// The delivery worker: claims due deliveries with a lease, sends up to `concurrency` at once over one
// pooled HTTP client, and records finished attempts in batches. It wakes on new events
// (webhook-wakeup.ts: NOTIFY after commit, or the in-process signal), when a retry it recorded becomes
// due, and at least every pollIntervalMs (other workers' retries, missed notifications, crashed
// workers' leases). It serves every organization, in turn: each claim starts after the organization
// the previous one ended with.
//
// Claims and records are group-committed: while one claim (or one record) is running, the slots that
// free up (the attempts that finish) wait for the next one, which takes them all. At low load each
// event is claimed and recorded on its own at once; under load the statements grow instead of
// multiplying.

type LogFn = (obj: object | string, msg?: string) => void;
export interface WorkerLogger {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
  debug: LogFn;
}

export interface WorkerHandle {
  stop(): Promise<void>;
}

/**
 * How an attempt ended: delivered; failed with a retry scheduled; failed with no retry left; or not
 * made because the webhook is inactive.
 */
export type AttemptOutcome = 'success' | 'failure' | 'exhausted' | 'cancelled';

export interface WorkerDeps {
  database: Pick<DatabaseHandle, 'system' | 'listen'>;
  clock: Clock;
  settings: Config['webhooks'];
  logger: WorkerLogger;
  /** Counts attempts by outcome (the /metrics of the process the worker runs in). */
  onAttempt?: (outcome: AttemptOutcome) => void;
}

/** Most attempts recorded by one statement. */
const RECORD_BATCH = 500;
/**
 * How long a finished attempt waits for others to share its record's transaction (unless a full
 * batch of `concurrency` is ready sooner). Recording one or two at a time, as each attempt finished,
 * cost a transaction (and, on PostgreSQL, a WAL flush that ticket creates queue behind) per couple
 * of deliveries; leases are far longer than this.
 */
export const RECORD_LINGER_MS = 20;
/**
 * Notifications arriving within this long of the last claim are served by one claim, at the end of
 * that interval, instead of a claim each: every ticket create notifies every worker, and a claim is
 * two statements (about 1.5 ms of PostgreSQL planning and execution) whether it takes one create's
 * deliveries or twenty creates'. The first notification after a quiet spell is claimed at once.
 */
export const NOTIFY_COALESCE_MS = 25;
/** Time an attempt's lease must have left, beyond the request timeout, for the attempt to start (at most). */
const LEASE_MARGIN_MS = 5_000;

/** The claim's rows (grouped by organization) taken one organization at a time, in turn: no organization waits behind another's batch. */
function byOrganizationInTurn(claimed: ClaimedDelivery[]): ClaimedDelivery[] {
  const groups = new Map<string, ClaimedDelivery[]>();
  for (const c of claimed) {
    const group = groups.get(c.organization_id);
    if (group) group.push(c);
    else groups.set(c.organization_id, [c]);
  }
  const lists = [...groups.values()];
  const out: ClaimedDelivery[] = [];
  for (let i = 0; out.length < claimed.length; i++) for (const list of lists) if (i < list.length) out.push(list[i]);
  return out;
}

export function startWorker({
  database,
  clock,
  settings,
  logger,
  onAttempt = () => undefined,
}: WorkerDeps): WorkerHandle {
  const queue = database.system;
  const client = createDeliveryClient({
    timeoutMs: settings.timeoutMs,
    allowPrivateTargets: settings.allowPrivateTargets,
  });
  // Finished attempts not yet recorded are bounded too: claiming pauses while the database lags.
  const maxUnrecorded = Math.max(4 * settings.concurrency, RECORD_BATCH);
  const attempts = new Set<Promise<void>>();
  const ready: { claimed: ClaimedDelivery; leaseUntil: number }[] = [];
  const finished: FinishedDelivery[] = [];
  let recording: Promise<void> | null = null;
  let recordTimer: NodeJS.Timeout | null = null;
  // A batch this large is recorded without lingering: twice the slots, so that under a backlog a
  // record's two statements serve 128 attempts at the default concurrency, not 64 (see `depth` for
  // the measurement).
  const recordEarly = 2 * settings.concurrency;
  let unrecorded = 0;
  let stopping = false;
  let claiming: Promise<void> | null = null;
  let again = false;
  // The last claim filled every free slot: more may be due, so a finishing attempt claims again.
  let moreDue = false;
  let timer: NodeJS.Timeout | null = null;
  let timerAt = Infinity;
  // The organization this worker served last: its next claim starts after it (see claimDueDeliveries).
  let lastOrganization: string | null = null;
  // While claims fill every free slot (a backlog), each resumes where the last one ended instead of
  // reading past the rows this worker holds (claim-resume.ts); from the start at least once per poll.
  const resume = new ClaimResumePoint(settings.pollIntervalMs);

  /** Wake at `at` (epoch ms by the clock) at the latest, and within pollIntervalMs anyway. */
  const scheduleAt = (at: number) => {
    if (stopping) return;
    const delay = Math.max(0, Math.min(at - clock(), settings.pollIntervalMs));
    const due = Date.now() + delay;
    if (timer && timerAt <= due) return;
    if (timer) clearTimeout(timer);
    timerAt = due;
    // Not unref'd: a running worker is what keeps a `worker` process alive; stop() clears it.
    timer = setTimeout(() => {
      timer = null;
      timerAt = Infinity;
      wake();
    }, delay);
  };

  // When the last claim began (Date.now()), and the claim that notifications wait for.
  let lastClaimAt = -Infinity;
  let coalesced: NodeJS.Timeout | null = null;
  function wakeOnNotification() {
    if (stopping || coalesced) return;
    const wait = lastClaimAt + NOTIFY_COALESCE_MS - Date.now();
    if (wait <= 0) return wake();
    coalesced = setTimeout(() => {
      coalesced = null;
      wake();
    }, wait);
  }

  function wake() {
    if (stopping) return;
    if (claiming) again = true;
    else claiming = claimLoop().finally(() => (claiming = null));
  }

  // Claimed ahead: up to 4 × `concurrency` deliveries wait here for a free slot, so the next attempts
  // start as soon as slots free up instead of after a claim's round trips. Twice what it was, together
  // with records of 2 × `concurrency`: from a PostgreSQL backlog (bench row 5, one worker, seven
  // interleaved runs each) 11,233-11,988 deliveries/s against 9,368-12,229 (means 11,591 and 10,770):
  // a claim or record whose backend is slow to get a core no longer leaves slots idle, and records
  // take half as many statements per delivery.
  const depth = 5 * settings.concurrency;
  const held = () => attempts.size + ready.length;
  const leaseMargin = Math.min(LEASE_MARGIN_MS, (settings.leaseMs - settings.timeoutMs) / 2);

  async function claimLoop(): Promise<void> {
    try {
      do {
        again = false;
        const capacity = depth - held();
        // A finishing attempt (or record) wakes the worker again.
        if (capacity <= 0 || unrecorded >= maxUnrecorded) return;
        const now = clock();
        lastClaimAt = Date.now();
        const claimed = await claimDueDeliveries(queue, {
          now,
          leaseMs: settings.leaseMs,
          limit: capacity,
          token: randomUUID(),
          after: lastOrganization,
          resume: resume.next(lastClaimAt),
        });
        moreDue = claimed.length === capacity;
        resume.claimed(claimed, capacity);
        if (claimed.length === 0) break;
        lastOrganization = claimed[claimed.length - 1].organization_id;
        if (stopping) {
          // Claimed while stop() began: hand them back rather than start attempts nobody waits for.
          await Promise.all(claimed.map((c) => releaseLease(queue, c)));
          return;
        }
        for (const c of byOrganizationInTurn(claimed)) ready.push({ claimed: c, leaseUntil: now + settings.leaseMs });
        pump();
        if (moreDue && canClaimBatch()) again = true;
      } while (again && !stopping);
    } catch (err) {
      if (!stopping) logger.error({ err }, 'webhook worker could not poll the queue; retrying');
    } finally {
      // The poll (unless a retry is due sooner): other workers' retries, expired leases, missed wake-ups.
      scheduleAt(Infinity);
      // A wake-up that arrived during the last claim must not wait for the timer.
      if (again && !stopping) queueMicrotask(wake);
    }
  }

  // With more due, claim again once `concurrency` of the claimed-ahead deliveries have started (a
  // claim costs two statements whether it takes one delivery or fifty), not for each slot that frees
  // up. What is still waiting then covers the claim's round trips: claiming only once nothing waited
  // left the slots idle while the claim ran (from a PostgreSQL backlog on a loaded machine, 30 of 64
  // busy on average; about 50 with `concurrency` waiting, more with the deeper queue above).
  const canClaimBatch = () => held() <= depth - settings.concurrency;

  /** Starts claimed deliveries while slots are free. */
  function pump() {
    while (attempts.size < settings.concurrency && ready.length > 0 && !stopping) {
      const { claimed, leaseUntil } = ready.shift()!;
      // A lease must outlast the attempt (a worker that lost it would send again what another sends).
      if (leaseUntil - clock() < settings.timeoutMs + leaseMargin) giveBack([claimed]);
      else start(claimed);
    }
  }

  function giveBack(claimed: ClaimedDelivery[]) {
    const p: Promise<void> = Promise.all(claimed.map((c) => releaseLease(queue, c)))
      .then(() => undefined)
      .catch((err) => logger.warn({ err }, 'webhook worker could not hand back deliveries; their leases will run out'))
      .finally(() => attempts.delete(p));
    attempts.add(p);
  }

  function start(claimed: ClaimedDelivery) {
    const p: Promise<void> = attempt(claimed)
      .catch((err) => logger.error({ err, delivery: claimed.id }, 'webhook delivery attempt crashed'))
      .finally(() => {
        attempts.delete(p);
        pump();
        if (moreDue && canClaimBatch()) wake();
      });
    attempts.add(p);
  }

  async function attempt(claimed: ClaimedDelivery) {
    // An inactive webhook receives nothing while inactive but test pings. (A deleted
    // one's rows are gone with it.) A delivery whose event retention removed has nothing to send.
    const body = deliveryBody(claimed);
    if ((claimed.is_active !== 1 && claimed.event !== TEST_EVENT) || body === null) {
      await cancelDelivery(queue, claimed);
      onAttempt('cancelled');
      return;
    }
    const attemptAt = clock();
    const result = await client.send({
      url: claimed.url,
      secret: claimed.secret,
      event: claimed.event,
      body,
      created_at: claimed.created_at,
      webhookId: webhookMessageId(claimed),
      attemptAt,
      secrets: signingSecrets(claimed, attemptAt),
    });
    const finishedAt = clock();
    const attemptsMade = claimed.attempt_count + 1;
    const next = result.success ? null : nextAttemptAt(attemptsMade, finishedAt, settings.retryDelaysMs);
    // Counted when made, whether or not recording it succeeds: it was sent either way.
    onAttempt(result.success ? 'success' : next === null ? 'exhausted' : 'failure');
    if (!result.success) {
      logger.warn(
        { delivery: claimed.id, attempt: attemptsMade, error: result.error },
        'webhook delivery attempt failed',
      );
    }
    finished.push({
      claimed,
      outcome: { success: result.success, statusCode: result.statusCode, finishedAt, nextAttemptAt: next },
    });
    unrecorded++;
    scheduleRecord();
  }

  /** Records the finished attempts at once when a batch is ready (or when stopping), else after the linger. */
  function scheduleRecord() {
    if (recording || finished.length === 0) return;
    if (finished.length >= recordEarly || stopping) startRecording();
    else recordTimer ??= setTimeout(startRecording, RECORD_LINGER_MS);
  }

  function startRecording() {
    if (recordTimer) clearTimeout(recordTimer);
    recordTimer = null;
    if (recording || finished.length === 0) return;
    recording = recordLoop().finally(() => {
      recording = null;
      // What finished during the last batch and was too little for another one.
      scheduleRecord();
    });
  }

  /** Records what has finished, a batch at a time, while full batches are ready (all of it when stopping). */
  async function recordLoop(): Promise<void> {
    for (
      let first = true;
      finished.length > 0 && (first || finished.length >= recordEarly || stopping);
      first = false
    ) {
      const batch = finished.splice(0, RECORD_BATCH);
      try {
        const recorded = new Set((await recordAttempts(queue, batch)).map((f) => f.claimed.id));
        for (const f of batch) {
          if (!recorded.has(f.claimed.id)) {
            logger.warn(
              { delivery: f.claimed.id },
              'webhook delivery no longer held (lease taken over or webhook deleted); attempt not recorded',
            );
          } else if (f.outcome.success)
            logger.debug({ delivery: f.claimed.id, attempt: f.claimed.attempt_count + 1 }, 'webhook delivered');
          // The retry this worker scheduled: it wakes for it rather than waiting for a poll.
          else if (f.outcome.nextAttemptAt !== null) scheduleAt(f.outcome.nextAttemptAt);
        }
      } catch (err) {
        // Not recorded: the leases run out and the deliveries are attempted again (at least once).
        logger.error({ err, deliveries: batch.length }, 'webhook worker could not record attempts');
      } finally {
        unrecorded -= batch.length;
      }
      if (unrecorded < maxUnrecorded && moreDue && canClaimBatch()) wake();
    }
  }

  const stopListening = onDeliveriesQueued(database, wakeOnNotification, (err) =>
    logger.warn({ err }, 'webhook worker is not listening for new deliveries; polling until it reconnects'),
  );
  wake();
  logger.info({ concurrency: settings.concurrency }, 'webhook worker started');

  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      if (timer) clearTimeout(timer);
      if (coalesced) clearTimeout(coalesced);
      await stopListening();
      await claiming?.catch(() => undefined);
      // Claimed ahead and not started: handed back for other workers.
      if (ready.length > 0) giveBack(ready.splice(0).map((r) => r.claimed));
      // Attempts under way finish (bounded by the request timeout) and their outcome is recorded.
      await Promise.allSettled([...attempts]);
      while (recording || finished.length > 0) {
        startRecording();
        await recording?.catch(() => undefined);
      }
      await client.close();
    },
  };
}
