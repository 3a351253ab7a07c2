import { randomBytes } from 'node:crypto';
import type { BlobStore } from '../attachments/blob-storage.js';
import type { DatabaseHandle } from '../db/database.js';
import { installationSecret } from '../db/installation-secrets.js';
import { iso, type Clock } from '../shared/clock.js';
import { AppError, notFound } from '../shared/errors.js';
import { newTimeOrderedId, pathUuid } from '../shared/ids.js';
import { offsetOf, paginationMeta, type PageQuery } from '../shared/pagination.js';
import { groupCommittedInserts } from './inbound-group-commit.js';
import * as store from './inbound-store.js';
import { routeKeys } from './mail-address.js';
import { headerMessageId } from './mail-parse.js';
import type { MailApplier } from './mail-apply.js';
import type { MailBatchApplier } from './mail-apply-batch.js';
import type { MailboxService } from './mailbox-service.js';
import * as mailboxStore from './mailbox-store.js';
import { bodyOf, headOf, type RawBytes, sha256Hex, sizeOf, wholeOf } from './raw-pieces.js';

// Received mail: stored durably before any way in acknowledges it, once per Message-ID per mailbox,
// then processed from the stored copy by a queue with leases (a crash between the two resumes from
// the stored message). A message that cannot be processed is kept as a failure with its error,
// listed per mailbox and put back in the queue on request.

/** Messages up to this size are kept in their row; larger ones in the blob store. */
export const INLINE_RAW_BYTES = 512 * 1024;
/** Attempts before a message that keeps failing for a reason other than itself is kept as failed. */
const MAX_ATTEMPTS = 5;
/**
 * Messages per claim. A batch costs about the same round trips whatever its size, so under a burst
 * larger claims keep processing up with the SMTP listener; kept rows are at most INLINE_RAW_BYTES each.
 */
export const CLAIM_BATCH = 100;
/** Bytes of messages kept in their rows that one claim takes at most (always at least one message). */
export const CLAIM_BYTES = 8 * 1024 * 1024;
/**
 * How long processing waits after a message is stored before it claims, so that mail arriving
 * together is applied together (mail-apply-batch.ts: a batch costs far less per message than one
 * message alone). A message becomes a ticket this much later; nothing waits for it but the ticket.
 */
export const GATHER_MS = 50;
/** Where a message's Message-ID is looked for (headerMessageId reads no further). */
const HEADER_BYTES = 256 * 1024;

export type InboundSource = 'smtp' | 'imap' | 'webhook' | 'postmark' | 'mailgun';

export interface StoreRawInput {
  organizationId: string;
  mailboxId: string;
  /** The bytes, whole or in the pieces they arrived in (a large message is then never copied whole). */
  raw: RawBytes;
  source: InboundSource;
  /** The address it was delivered to, when the way in knows it (plus tags carry reply tokens). */
  recipient?: string | null;
}

export interface InboundServiceDeps {
  database: DatabaseHandle;
  clock: Clock;
  blobs: BlobStore;
  mailboxes: Pick<MailboxService, 'findByAddress'>;
  apply: MailApplier;
  /** Applies together the messages of a claimed batch that each open a new ticket (absent: one by one). */
  applyMany?: MailBatchApplier;
  maxMessageBytes: number;
  /** How long one process holds a claimed message; a crashed process's claims run out after it. */
  leaseMs: number;
  /**
   * Loads what applying mail reads from outside the organization (the reply-token key) before messages
   * are applied together: nothing in their shared transaction may wait for a statement begun elsewhere.
   */
  ready?: () => Promise<unknown>;
  /** Called when processing fails unexpectedly (logged by whoever runs the processor). */
  onError?: (err: unknown, context: { organizationId: string; inboundId: string }) => void;
}

export const tooLarge = (max: number) =>
  new AppError(413, 'payload_too_large', `the message is larger than the limit of ${max} bytes`);

export function createInboundService({
  database,
  clock,
  blobs,
  mailboxes,
  apply,
  applyMany,
  maxMessageBytes,
  leaseMs,
  ready,
  onError,
}: InboundServiceDeps) {
  let running: Promise<void> = Promise.resolve();
  /** A run queued behind the one under way and not begun yet: later wake-ups join it. */
  let next: Promise<void> | null = null;
  let autoProcess = false;
  let gathering: NodeJS.Timeout | null = null;
  /** Processing GATHER_MS from now, unless already planned. */
  const wake = () => {
    gathering ??= setTimeout(() => {
      gathering = null;
      void processQueued();
    }, GATHER_MS);
  };
  const insert = groupCommittedInserts(database);

  /**
   * Stores a received message for a mailbox and queues it. Resolves once it is durable: only then
   * may the way in acknowledge it. A message the mailbox already has (same Message-ID) is not stored
   * again (duplicate: true). This is what every way in calls, IMAP polling included.
   */
  async function storeRawMessage(input: StoreRawInput): Promise<{ id: string | null; duplicate: boolean }> {
    const { raw } = input;
    const size = sizeOf(raw);
    if (size > maxMessageBytes) throw tooLarge(maxMessageBytes);
    const now = clock();
    const id = newTimeOrderedId(now);
    // The Message-ID, or a hash of the bytes for a message without one (mail-parse.ts storageKey).
    const messageId = headerMessageId(headOf(raw, HEADER_BYTES)) ?? `sha256:${await sha256Hex(raw)}`;
    let rawKey: string | null = null;
    if (size > INLINE_RAW_BYTES) {
      rawKey = `mail/${input.organizationId}/${id}.eml`;
      await blobs.put(rawKey, bodyOf(raw));
    }
    const row: store.InboundRow = {
      id,
      mailbox_id: input.mailboxId,
      message_id: messageId,
      source: input.source,
      recipient: input.recipient ?? null,
      size,
      raw: rawKey ? null : wholeOf(raw),
      raw_key: rawKey,
      state: 'queued',
      kind: null,
      attempt_count: 0,
      lease_expires_at: null,
      last_error: null,
      ticket_id: null,
      from_address: null,
      subject: null,
      received_at: now,
      processed_at: null,
    };
    const stored = await insert(input.organizationId, row);
    if (!stored) {
      if (rawKey) await blobs.delete(rawKey).catch(() => undefined);
      return { id: null, duplicate: true };
    }
    if (autoProcess) wake();
    return { id, duplicate: false };
  }

  async function rawOf(row: store.InboundRow): Promise<Uint8Array> {
    if (row.raw !== null) return row.raw;
    return blobs.read(row.raw_key!);
  }

  const done = (changes: store.InboundChanges) => ({ ...changes, state: 'done', processed_at: clock() });

  /** Applies a claimed message and marks it done (in the transaction of what it became, if any). */
  async function applyClaimed(organizationId: string, row: store.InboundRow, raw: Uint8Array, lease: number) {
    const outcome = await apply(organizationId, row, raw, (tx, changes) =>
      store.finishClaimed(tx, row.id, lease, done(changes)),
    );
    if (outcome.finished === false) {
      await store.finishClaimed(database.forOrganization(organizationId), row.id, lease, done(outcome.changes));
    }
  }

  /**
   * Claimed messages kept in their rows (all but large ones), applied in one transaction: one commit for
   * all of them. Returns those that failed there (their transaction rolled back to its savepoint, or all
   * of them when the shared transaction failed): they are processed one by one.
   */
  async function applyTogether(organizationId: string, rows: store.InboundRow[], lease: number) {
    if (rows.length < 2) return rows;
    try {
      await ready?.();
      const prepared = await applyMany?.prepare(organizationId, rows, lease);
      return await database.forOrganization(organizationId).shareTransaction(async () => {
        const failed: store.InboundRow[] = [];
        // Those that each open a new ticket first, together (mail-apply-batch.ts); the rest one by one.
        const batch = prepared ? await applyMany!.apply(prepared) : { rest: rows, failed: false };
        // Each transaction the message begins (its ticket's, with the finish) is a savepoint; what it
        // writes apart from one (a reopen, a bounce's delivery marked failed) is kept as when processed
        // alone, where such a write commits on its own before a later failure: each is idempotent.
        for (const row of batch.rest)
          await applyClaimed(organizationId, row, row.raw!, lease).catch(() => failed.push(row));
        // A database error outside a savepoint leaves a PostgreSQL transaction unusable, and its COMMIT
        // would roll back without an error: a statement now fails instead, and every message is processed alone.
        if (failed.length > 0 || batch.failed) await store.probeQueue(database.forOrganization(organizationId));
        return failed;
      });
    } catch {
      return rows;
    }
  }

  /** Processes one claimed message: applied (done), kept as failed, or left queued for a retry. */
  async function processOne(organizationId: string, row: store.InboundRow, lease: number): Promise<void> {
    const t = database.forOrganization(organizationId);
    try {
      await applyClaimed(organizationId, row, await rawOf(row), lease);
    } catch (err) {
      const permanent = err instanceof AppError || (err as { permanent?: boolean }).permanent === true;
      const message = err instanceof Error ? err.message : String(err);
      if (permanent || row.attempt_count >= MAX_ATTEMPTS) {
        const read = (err as { changes?: store.InboundChanges }).changes ?? {};
        await store.finishClaimed(t, row.id, lease, { ...read, state: 'failed', last_error: message.slice(0, 2000) });
      } else {
        // Retried when the lease runs out, later each time.
        await store.updateInbound(t, row.id, {
          last_error: message.slice(0, 2000),
          lease_expires_at: clock() + 15_000 * 2 ** row.attempt_count,
        });
        onError?.(err, { organizationId, inboundId: row.id });
      }
    }
  }

  async function runOnce(): Promise<void> {
    for (;;) {
      const now = clock();
      const organizations = await store.organizationsWithQueued(database.system, now);
      if (organizations.length === 0) return;
      let claimedAny = false;
      for (const organizationId of organizations) {
        const leaseUntil = clock() + leaseMs;
        const claimed = await database
          .forOrganization(organizationId)
          .transaction((t) => store.claimQueued(t, clock(), leaseUntil, CLAIM_BATCH, CLAIM_BYTES));
        claimedAny ||= claimed.length > 0;
        const inline = claimed.filter((row) => row.raw !== null);
        const left = await applyTogether(organizationId, inline, leaseUntil);
        for (const row of claimed) {
          if (row.raw === null || left.includes(row)) await processOne(organizationId, row, leaseUntil);
        }
      }
      if (!claimedAny) return;
    }
  }

  /**
   * Processes every queued message whose lease is free; runs one at a time in this process. A call
   * while a run is queued and not begun joins that run: it begins after the call, so it sees what the
   * caller stored (one wake-up per stored message would each cost a look at the queue).
   */
  function processQueued(): Promise<void> {
    if (next) return next;
    const begin = () => {
      next = null;
      return runOnce();
    };
    const queued = running.then(begin, begin).catch((err) => {
      onError?.(err, { organizationId: '', inboundId: '' });
    });
    next = queued;
    running = queued;
    return queued;
  }

  return {
    storeRawMessage,
    processQueued,
    /** Mail was stored elsewhere (another thread of this process): processed soon, as after storeRawMessage. */
    queued() {
      if (autoProcess) wake();
    },

    /** The mailbox mail to this address is for (plus tags and letter case ignored), or null. */
    async mailboxFor(address: string) {
      for (const key of routeKeys(address)) {
        const found = await mailboxes.findByAddress(key);
        if (found) return found;
      }
      return null;
    },

    /** Starts processing in this process: after each stored message, and every intervalMs for the rest. */
    startProcessor(options: { intervalMs: number }) {
      autoProcess = true;
      void processQueued();
      const timer = setInterval(() => void processQueued(), options.intervalMs);
      timer.unref();
      return {
        async stop() {
          autoProcess = false;
          if (gathering) clearTimeout(gathering);
          gathering = null;
          clearInterval(timer);
          await running;
        },
      };
    },

    async failures(organizationId: string, rawMailboxId: string, page: PageQuery) {
      const t = database.forOrganization(organizationId);
      const mailbox = await mailboxStore.findMailbox(t, pathUuid(rawMailboxId, 'mailbox'));
      if (!mailbox) throw notFound('mailbox');
      const { rows, total } = await store.listFailures(t, mailbox.id, offsetOf(page), page.limit);
      return {
        data: rows.map((r) => ({
          id: String(r.id),
          message_id: r.message_id.startsWith('sha256:') ? null : r.message_id,
          source: r.source,
          from: r.from_address,
          subject: r.subject,
          error: r.last_error ?? 'unknown error',
          attempt_count: Number(r.attempt_count),
          size: Number(r.size),
          received_at: iso(Number(r.received_at)),
        })),
        meta: paginationMeta(page, total),
      };
    },

    /** Puts a failed message back in the queue; processing follows (here when the processor runs). */
    async retryFailure(organizationId: string, rawMailboxId: string, rawId: string) {
      const mailboxId = pathUuid(rawMailboxId, 'mailbox');
      const id = pathUuid(rawId, 'failure');
      const requeued = await database
        .forOrganization(organizationId)
        .transaction((t) => store.requeueFailure(t, mailboxId, id));
      if (!requeued) throw notFound('failure');
      if (autoProcess) void processQueued();
      return { id, state: 'queued' as const };
    },
  };
}

export type InboundService = ReturnType<typeof createInboundService>;

/** The installation's key for reply tokens (installation_secrets), shared by every process. */
export function replyTokenKey(database: DatabaseHandle, clock: Clock): () => Promise<Buffer> {
  let key: Promise<Buffer> | null = null;
  return () => {
    key ??= installationSecret(database.system, 'mail_reply_token_key', randomBytes(32).toString('base64'), clock())
      .then((secret) => Buffer.from(secret, 'base64'))
      .catch((err) => {
        key = null;
        throw err;
      });
    return key;
  };
}
