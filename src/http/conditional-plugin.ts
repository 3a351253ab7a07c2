import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { appendRouteHooks, asList } from './route-hooks.js';
import { AppError } from '../shared/errors.js';
import type { Precondition } from '../shared/precondition.js';

// platform.md §3: a strong ETag on every single-resource GET, derived from the bytes of the answer (so it
// changes whenever anything the answer shows changes: a ticket's messages, its tags' or customer's
// names), 304 for a matching If-None-Match, and If-Match on PATCH and DELETE of the same resources. A
// successful PATCH answers with the new ETag. The If-Match check itself runs in the service, inside the
// write's transaction after the row is locked (request.precondition, see shared/precondition.ts): it
// serializes the current representation exactly as the GET route does and compares.

/** The single-resource paths (GET, PATCH, DELETE share them). */
export const CONDITIONAL_ROUTES: ReadonlySet<string> = new Set([
  '/api/v1/tickets/:ticket_id',
  '/api/v1/customers/:customer_id',
  '/api/v1/webhooks/:webhook_id',
  '/api/v1/users/:id',
  '/api/v1/teams/:id',
  '/api/v1/tags/:id',
  '/api/v1/invitations/:id',
]);

/**
 * POSTs that add to a single resource and take If-Match against that resource's ETag (as its GET
 * answers it): a ticket's messages and notes. A client sends the ETag of the ticket it read and hears
 * 412 if the ticket changed since (someone else replied), with nothing stored. Path of the POST →
 * path of the resource.
 */
export const GUARDED_ADDITIONS: ReadonlyMap<string, string> = new Map([
  ['/api/v1/tickets/:ticket_id/messages', '/api/v1/tickets/:ticket_id'],
  ['/api/v1/tickets/:ticket_id/notes', '/api/v1/tickets/:ticket_id'],
]);

/** A strong ETag of a representation's bytes (one SHA-1 over the answer: microseconds). */
export const etagOf = (body: string): string => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** The entity tags of an If-Match / If-None-Match value ('*' for any). */
function tagsOf(header: string): string[] {
  return header
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/"x" matches "x". */
const noneMatchHolds = (header: string, etag: string) =>
  tagsOf(header).some((t) => t === '*' || t.replace(/^W\//, '') === etag);
/** If-Match uses the strong comparison: a weak tag never matches. */
const matchHolds = (header: string, etag: string) => tagsOf(header).some((t) => t === '*' || t === etag);

export const preconditionFailed = () =>
  new AppError(
    412,
    'precondition_failed',
    'the resource has changed since you read it (If-Match does not match its current ETag)',
    [{ field: 'If-Match', issue: 'mismatch' }],
  );

export const conditionalPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('precondition', null);
    /** Each resource path's GET 200 schema: what If-Match is compared against on its PATCH and DELETE. */
    const representations = new Map<string, object>();

    const onGetSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      // An answer from the representation cache comes with the ETag of its bytes (no second hash).
      const etag = request.cachedEtag ?? etagOf(payload);
      reply.header('etag', etag);
      const ifNoneMatch = request.headers['if-none-match'];
      if (typeof ifNoneMatch === 'string' && noneMatchHolds(ifNoneMatch, etag)) {
        reply.code(304);
        reply.removeHeader('content-type');
        reply.removeHeader('content-length');
        return '';
      }
      return payload;
    };

    const onPatchSend = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (reply.statusCode === 200 && typeof payload === 'string') reply.header('etag', etagOf(payload));
      return payload;
    };

    const setPrecondition = async (request: FastifyRequest, reply: FastifyReply) => {
      const ifMatch = request.headers['if-match'];
      if (typeof ifMatch !== 'string') return;
      const url = request.routeOptions.url ?? '';
      const schema = representations.get(GUARDED_ADDITIONS.get(url) ?? url);
      if (!schema) return;
      const check: Precondition = (current) => {
        const serialize = reply.compileSerializationSchema(schema as Record<string, unknown>, '200');
        if (!matchHolds(ifMatch, etagOf(serialize({ data: current } as Record<string, unknown>) as string)))
          throw preconditionFailed();
      };
      request.precondition = check;
    };

    app.addHook('onRoute', (route) => {
      const methods = asList(route.method);
      if (GUARDED_ADDITIONS.has(route.url) && methods.includes('POST')) {
        appendRouteHooks(route, 'preHandler', setPrecondition);
      }
      if (!CONDITIONAL_ROUTES.has(route.url)) return;
      if (methods.includes('GET')) {
        const ok = (route.schema?.response as Record<string, object> | undefined)?.[200];
        if (ok) representations.set(route.url, ok);
        appendRouteHooks(route, 'onSend', onGetSend);
      }
      if (methods.includes('PATCH')) appendRouteHooks(route, 'onSend', onPatchSend);
      if (methods.includes('PATCH') || methods.includes('DELETE')) {
        appendRouteHooks(route, 'preHandler', setPrecondition);
      }
    });
  },
  { name: 'conditional' },
);
