import { LRUCache } from 'lru-cache';
import { createRequire } from 'node:module';
import type * as Undici from 'undici';
import { guardedLookup, isPublicAddress } from './address-guard.js';
import { signatureHeader, standardSignatureHeader } from './signing.js';
import { eventTimestamp } from './webhook-events.js';

// The HTTP side of a delivery attempt. One shared undici Agent (a pool per origin inside it), driven
// through its dispatch interface (no response stream per attempt); never fetch, which follows redirects. With the SSRF guard on, the Agent resolves names through
// guardedLookup and re-checks the address actually connected to, which also covers IP-literal URLs.

// The Agent and its connector come from their own modules, not undici's index, which also loads fetch,
// WebSocket, caches, mocks and interceptors: 4.7 MB of heap in each isolate that loads this module (the
// server's main thread and its webhook thread) against 1.7 MB. Only dispatch() is used (the index adds
// the request API to dispatchers). Every delivery test sends through these; test/module-graph.test.ts
// checks that the index stays unloaded.
const load = createRequire(import.meta.url);
const Agent = load('undici/lib/dispatcher/agent.js') as typeof Undici.Agent;
const buildConnector = load('undici/lib/core/connect.js') as typeof Undici.buildConnector;

export interface AttemptResult {
  success: boolean;
  statusCode: number | null;
  error: string | null;
}

/** What one attempt sends: the stored body to the webhook's URL, signed with its secret. */
export interface OutgoingDelivery {
  url: string;
  secret: string;
  event: string;
  /** The body (deliveries of one event pass the same string: it is encoded once, see encodedBodies). */
  body: string;
  /** The event's time (epoch ms), which the body's timestamp was serialized from. */
  created_at: number;
  /** Standard Webhooks: webhook-id (the event id), the attempt's time (epoch ms), the secrets to sign with. */
  webhookId: string;
  attemptAt: number;
  secrets: readonly string[];
}

export interface DeliveryClient {
  send(delivery: OutgoingDelivery): Promise<AttemptResult>;
  close(): Promise<void>;
}

/** Response bytes read at most; a longer answer ends the connection (its status decides the outcome anyway). */
const RESPONSE_LIMIT = 64 * 1024;

const timeoutError = () => new DOMException('The operation was aborted due to timeout', 'TimeoutError');

/**
 * One attempt as an undici dispatch handler: the outcome is the status line; the body is read (to
 * reuse the connection) and dropped. Through `request()` every attempt built a response stream, an
 * async resource, a parsed header object and a promise chain: most of the client's CPU per delivery.
 * Once the status is known the attempt's result is decided (a body cut short by the deadline or an
 * error still counts as answered, as before); the promise settles when the response ends.
 */
class Attempt {
  private status: number | null = null;
  private received = 0;
  private abort: ((err: Error) => void) | null = null;
  private ended = false;
  /** Where the deadline holds this attempt (cleared when it ends, so the slot keeps no reference). */
  slot: (Attempt | null)[] | null = null;
  index = 0;

  constructor(private readonly settle: (result: AttemptResult) => void) {}

  onConnect(abort: (err: Error) => void): void {
    // Expired while waiting for a connection: never sent.
    if (this.ended) abort(timeoutError());
    else this.abort = abort;
  }

  onHeaders(statusCode: number): boolean {
    // 1xx informational responses precede the real one.
    if (statusCode >= 200) this.status = statusCode;
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.received += chunk.length;
    if (this.received > RESPONSE_LIMIT) this.end(new Error('response body too long'), true);
    return true;
  }

  onComplete(): void {
    this.end(null, false);
  }

  onError(err: Error): void {
    this.end(err, false);
  }

  /** The deadline: ends the attempt and its request (queued, sending or reading). */
  expire(): void {
    this.end(timeoutError(), true);
  }

  private end(err: Error | null, abort: boolean): void {
    if (this.ended) return;
    this.ended = true;
    if (this.slot) this.slot[this.index] = null;
    this.slot = null;
    if (abort && this.abort) this.abort(err!);
    const status = this.status;
    if (status !== null) {
      const ok = status >= 200 && status < 300;
      this.settle({ success: ok, statusCode: status, error: ok ? null : `HTTP ${status}` });
    } else {
      this.settle({ success: false, statusCode: null, error: err ? err.message : 'no response' });
    }
  }
}

/**
 * Deadlines shared by the attempts that start within the same `granularityMs`: one timer per slot,
 * which ends the slot's attempts still under way, instead of a timer (AbortSignal.timeout) and
 * listeners per attempt. A slot fires `timeoutMs` after it began, so an attempt gets between
 * timeoutMs - granularityMs and timeoutMs: never longer than the timeout the lease margin is
 * computed from.
 */
export function sharedDeadlines(
  timeoutMs: number,
  granularityMs = Math.min(100, Math.max(1, Math.floor(timeoutMs / 10))),
) {
  let slotNumber = -1;
  let slot: (Attempt | null)[] = [];
  return (attempt: Attempt): void => {
    const now = Date.now();
    const current = Math.floor(now / granularityMs);
    if (current !== slotNumber) {
      slotNumber = current;
      const expiring: (Attempt | null)[] = [];
      slot = expiring;
      const timer = setTimeout(
        () => {
          for (const a of expiring) a?.expire();
        },
        current * granularityMs + timeoutMs - now,
      );
      // Nothing waits on a deadline but its attempts: it must not keep a stopping process alive.
      timer.unref();
    }
    attempt.slot = slot;
    attempt.index = slot.push(attempt) - 1;
  };
}

/** A URL's origin and path, parsed once per webhook URL (the request API parses it on every call otherwise). */
function targets(max = 10_000) {
  const cache = new LRUCache<string, { origin: string; path: string }>({ max });
  return (url: string) => {
    let t = cache.get(url);
    if (!t) {
      const u = new URL(url);
      t = { origin: u.origin, path: `${u.pathname}${u.search}` };
      cache.set(url, t);
    }
    return t;
  };
}

/**
 * The last few bodies sent, encoded, with the timestamp header of their event: the deliveries of one
 * event to its webhooks (delivery-body.ts hands them the same string) encode it and format its time once.
 */
function encodedBodies(size = 16) {
  const bodies: { body: string; bytes: Buffer; createdAt: number; timestamp: string }[] = [];
  let next = 0;
  return (body: string, createdAt: number) => {
    for (const b of bodies) if (b.body === body && b.createdAt === createdAt) return b;
    const entry = { body, bytes: Buffer.from(body, 'utf8'), createdAt, timestamp: eventTimestamp(createdAt) };
    bodies[next] = entry;
    next = (next + 1) % size;
    return entry;
  };
}

export function createDeliveryClient(options: { timeoutMs: number; allowPrivateTargets: boolean }): DeliveryClient {
  const { timeoutMs, allowPrivateTargets } = options;
  const base = buildConnector({ timeout: timeoutMs, ...(allowPrivateTargets ? {} : { lookup: guardedLookup }) });
  const connect: Undici.buildConnector.connector = (opts, callback) => {
    base(opts, (err, socket) => {
      if (err || !socket) return callback(err ?? new Error('connect failed'), null);
      const remote = socket.remoteAddress ?? '';
      if (!allowPrivateTargets && !isPublicAddress(remote)) {
        socket.destroy();
        return callback(new Error(`refusing to deliver to non-public address ${remote}`), null);
      }
      callback(null, socket);
    });
  };
  const agent = new Agent({ connect, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, keepAliveTimeout: 4_000 });
  const deadline = sharedDeadlines(timeoutMs);
  const target = targets();
  const encoded = encodedBodies();

  return {
    send(delivery) {
      return new Promise<AttemptResult>((settle) => {
        const attempt = new Attempt(settle);
        try {
          const { origin, path } = target(delivery.url);
          const { bytes, timestamp } = encoded(delivery.body, delivery.created_at);
          const ts = Math.floor(delivery.attemptAt / 1000);
          deadline(attempt);
          agent.dispatch(
            {
              origin,
              path,
              method: 'POST',
              body: bytes,
              // A flat list (name, value, ...): no object to walk per request.
              headers: [
                'content-type',
                'application/json',
                'user-agent',
                'helpdesk-webhooks/1.0',
                'x-webhook-signature',
                signatureHeader(delivery.secret, bytes),
                // The body's own timestamp: created_at is the event's time, which the body was serialized with.
                'x-webhook-timestamp',
                timestamp,
                'x-webhook-event',
                delivery.event,
                // The Standard Webhooks headers: the attempt's own time, signed with every current secret.
                'webhook-id',
                delivery.webhookId,
                'webhook-timestamp',
                String(ts),
                'webhook-signature',
                standardSignatureHeader(delivery.secrets, delivery.webhookId, ts, bytes),
              ],
            },
            attempt,
          );
        } catch (err) {
          attempt.onError(err instanceof Error ? err : new Error(String(err)));
        }
      });
    },
    close: () => agent.close(),
  };
}
