import { Agent, buildConnector, request } from 'undici';
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

/** The Standard Webhooks headers of one attempt (platform.md §5). */
export function standardHeaders(delivery: OutgoingDelivery, payload: Buffer): Record<string, string> {
  const ts = Math.floor(delivery.attemptAt / 1000);
  return {
    'webhook-id': delivery.webhookId,
    'webhook-timestamp': String(ts),
    'webhook-signature': standardSignatureHeader(delivery.secrets, delivery.webhookId, ts, payload),
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

  return {
    async send(delivery) {
      const payload = Buffer.from(delivery.body, 'utf8');
      try {
        const res = await request(delivery.url, {
          dispatcher: agent,
          method: 'POST',
          body: payload,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'helpdesk-webhooks/1.0',
            'x-webhook-signature': signatureHeader(delivery.secret, payload),
            // The body's own timestamp: created_at is the event's time, which the body was serialized with.
            'x-webhook-timestamp': eventTimestamp(delivery.created_at),
            'x-webhook-event': delivery.event,
            ...standardHeaders(delivery, payload),
          },
          signal: AbortSignal.timeout(timeoutMs),
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
