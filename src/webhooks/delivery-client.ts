import { setMaxListeners } from 'node:events';
import { Agent, buildConnector } from 'undici';
import { guardedLookup, isPublicAddress } from './address-guard.js';
import { signatureHeader, standardSignatureHeader } from './signing.js';
import { eventTimestamp } from './webhook-events.js';

// The HTTP side of a delivery attempt. One shared undici Agent (a pool per origin inside it); never
// fetch, which follows redirects. With the SSRF guard on, the Agent resolves names through
// guardedLookup and re-checks the address actually connected to, which also covers IP-literal URLs.

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

/**
 * Deadlines shared by the attempts that start within the same `granularityMs`: one AbortSignal (and
 * one timer) per slot instead of an AbortSignal.timeout per attempt, whose timer and signal were a
 * sixth of the client's CPU per delivery. A slot's signal fires `timeoutMs` after the slot began, so
 * an attempt gets between timeoutMs - granularityMs and timeoutMs: never longer than the timeout
 * the lease margin is computed from.
 */
export function sharedDeadlines(timeoutMs: number, granularityMs = Math.min(100, Math.max(1, Math.floor(timeoutMs / 10)))) {
  let slot = -1;
  let signal: AbortSignal | null = null;
  return (): AbortSignal => {
    const now = Date.now();
    const current = Math.floor(now / granularityMs);
    if (current !== slot || signal === null) {
      slot = current;
      const controller = new AbortController();
      // Every attempt of the slot listens to it (undici removes its listener when the attempt ends).
      setMaxListeners(0, controller.signal);
      const timer = setTimeout(
        () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
        current * granularityMs + timeoutMs - now,
      );
      // Nothing waits on a deadline but its attempts: it must not keep a stopping process alive.
      timer.unref();
      signal = controller.signal;
    }
    return signal;
  };
}

/** A URL's origin and path, parsed once per webhook URL (the request API parses it on every call otherwise). */
function targets(max = 10_000) {
  const cache = new Map<string, { origin: string; path: string }>();
  return (url: string) => {
    let t = cache.get(url);
    if (!t) {
      const u = new URL(url);
      t = { origin: u.origin, path: `${u.pathname}${u.search}` };
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
      cache.set(url, t);
    }
    return t;
  };
}

export function createDeliveryClient(options: { timeoutMs: number; allowPrivateTargets: boolean }): DeliveryClient {
  const { timeoutMs, allowPrivateTargets } = options;
  const base = buildConnector({ timeout: timeoutMs, ...(allowPrivateTargets ? {} : { lookup: guardedLookup }) });
  const connect: buildConnector.connector = (opts, callback) => {
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

  return {
    async send(delivery) {
      const payload = Buffer.from(delivery.body, 'utf8');
      try {
        const { origin, path } = target(delivery.url);
        const ts = Math.floor(delivery.attemptAt / 1000);
        const res = await agent.request({
          origin,
          path,
          method: 'POST',
          body: payload,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'helpdesk-webhooks/1.0',
            'x-webhook-signature': signatureHeader(delivery.secret, payload),
            // The body's own timestamp: created_at is the event's time, which the body was serialized with.
            'x-webhook-timestamp': eventTimestamp(delivery.created_at),
            'x-webhook-event': delivery.event,
            // The Standard Webhooks headers (platform.md §5): the attempt's own time, signed with every current secret.
            'webhook-id': delivery.webhookId,
            'webhook-timestamp': String(ts),
            'webhook-signature': standardSignatureHeader(delivery.secrets, delivery.webhookId, ts, payload),
          },
          signal: deadline(),
        });
        // The receiver's answer is not used; read a little so the connection can be reused, then drop it.
        await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        return { success: ok, statusCode: res.statusCode, error: ok ? null : `HTTP ${res.statusCode}` };
      } catch (err) {
        return { success: false, statusCode: null, error: err instanceof Error ? err.message : String(err) };
      }
    },
    close: () => agent.close(),
  };
}
