import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { appendRouteHooks, asList } from './route-hooks.js';
import { withTransactionObserver, type Sql } from '../db/sql-handle.js';
import {
  bodyHash,
  idempotencyKeyInUse,
  idempotencyKeyReused,
  type IdempotencyService,
} from '../idempotency/idempotency-service.js';
import { validationError } from '../shared/errors.js';

// Idempotency-Key on every POST under /api/v1 (authenticated routes). Before the
// handler, the key is reserved (or its stored answer replayed, or the request refused); while the
// handler runs, a transaction observer stores the answer inside the transaction of the request's effects
// (the answer rendered from that transaction's result as the route renders it: `{ data: result }` with
// the route's success status, serialized by the route's own serializer), so a crash between COMMIT and
// the answer still replays. onSend checks that what is sent is what was stored (a route whose answer is
// not its transaction's result is stored there, outside the transaction, with a warning), and releases
// the key of a request that failed.

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;

/** How a route's answer is rendered from its effect transaction's result, where it is not `{ data: result }`. */
const RENDERERS: Record<string, (result: unknown) => unknown> = {
  '/api/v1/webhooks/unsubscribe': () => ({ data: { success: true } }),
};

/**
 * What is stored of an answer, where it may not be kept as sent: an API key's token is shown once and
 * stored only as a hash, so a replay of its creation answers the key without it.
 */
const STORED_FORMS: Record<string, (body: string) => string> = {
  '/api/v1/api-keys': (body) => {
    const parsed = JSON.parse(body) as { data?: { token?: string } };
    if (parsed.data?.token !== undefined) parsed.data.token = '';
    return JSON.stringify(parsed);
  },
};

interface Pending {
  organizationId: string;
  key: string;
  token: string;
  successStatus: number;
  /** The answer stored in the effect transaction, once it committed... or is about to. */
  stored: string | null;
  /** Until the answer is settled: no transaction after that (nor one begun elsewhere in this context) stores one. */
  active: boolean;
}

const PENDING = Symbol('idempotency');
type WithPending = FastifyRequest & { [PENDING]?: Pending; idempotencyBodyHash?: string };

function headerKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !VALID_KEY.test(raw)) {
    throw validationError(
      'Idempotency-Key must be 1–255 printable ASCII characters',
      'Idempotency-Key',
      'invalid_format',
    );
  }
  return raw;
}

export const idempotencyPlugin = fp(
  async (app: FastifyInstance, { idempotency }: { idempotency: IdempotencyService }) => {
    app.addHook('onRoute', (route) => {
      const methods = asList(route.method);
      if (!methods.includes('POST') || !route.url.startsWith('/api/v1/') || !route.config?.scopes) return;
      const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
      const successStatus = Number(Object.keys(responses).find((s) => /^2\d\d$/.test(s)) ?? 200);
      const render = RENDERERS[route.url] ?? ((result: unknown) => ({ data: result }));
      const storedForm = STORED_FORMS[route.url] ?? ((body: string) => body);

      // Before validation, which may change the body (defaults): "JSON-equal" is about what was sent.
      const fingerprintBody = async (request: WithPending) => {
        if (headerKey(request) !== undefined) request.idempotencyBodyHash = bodyHash(request.body ?? null);
      };

      const reserve = async (request: WithPending, reply: FastifyReply) => {
        const key = headerKey(request);
        if (key === undefined) return;
        const organizationId = request.auth.organizationId;
        const path = request.url.split('?')[0];
        const outcome = await idempotency.reserve(organizationId, key, {
          method: request.method,
          path,
          bodyHash: request.idempotencyBodyHash ?? bodyHash(request.body ?? null),
        });
        if (outcome.kind === 'reused') throw idempotencyKeyReused();
        if (outcome.kind === 'in_use') throw idempotencyKeyInUse();
        if (outcome.kind === 'replay') {
          reply
            .code(outcome.status)
            .header(REPLAYED_HEADER, 'true')
            .header('content-type', 'application/json; charset=utf-8');
          return reply.send(outcome.body);
        }
        request[PENDING] = { organizationId, key, token: outcome.token, successStatus, stored: null, active: true };
      };

      // The handler runs inside the observer's span: its transactions store the answer before COMMIT.
      const observe = (request: WithPending, reply: FastifyReply, done: HookHandlerDoneFunction) => {
        const pending = request[PENDING];
        if (!pending) return done();
        withTransactionObserver(
          {
            async beforeCommit(transaction: Sql, result: unknown) {
              if (!pending.active) return;
              let body: string;
              try {
                body = storedForm(
                  reply.serializeInput(
                    render(result) as Record<string, unknown>,
                    String(pending.successStatus),
                  ) as string,
                );
              } catch {
                return; // not this route's answer (a read-only transaction's rows): onSend stores the answer
              }
              await idempotency.complete(
                transaction.forOrganization(pending.organizationId),
                pending.key,
                pending.token,
                pending.successStatus,
                body,
              );
              pending.stored = body;
            },
          },
          done,
        );
      };

      const settle = async (request: WithPending, reply: FastifyReply, payload: unknown) => {
        const pending = request[PENDING];
        if (!pending) return payload;
        request[PENDING] = undefined;
        pending.active = false;
        const status = reply.statusCode;
        try {
          if (status >= 200 && status < 300 && typeof payload === 'string') {
            const body = storedForm(payload);
            if (pending.stored === body && status === pending.successStatus) return payload;
            // Not stored with the effects (or stored in another form): store what is sent, now.
            request.log.warn(
              { route: request.routeOptions.url, stored: pending.stored !== null },
              'idempotent answer stored after its transaction',
            );
            if (pending.stored === null) {
              await idempotency.completeLate(pending.organizationId, pending.key, pending.token, status, body);
            } else {
              await idempotency.restore(pending.organizationId, pending.key, status, body);
            }
          } else {
            // Errors are not stored: the client may retry with the key. A reservation completed by a
            // transaction that committed before the failure stays (its effects happened).
            await idempotency.release(pending.organizationId, pending.key, pending.token);
          }
        } catch (err) {
          request.log.error({ err }, 'could not settle the Idempotency-Key; it is released when its lease runs out');
        }
        return payload;
      };

      appendRouteHooks(route, 'preValidation', fingerprintBody);
      appendRouteHooks(route, 'preHandler', reserve, observe);
      appendRouteHooks(route, 'onSend', settle);
    });
  },
  { name: 'idempotency', dependencies: ['auth'] },
);
