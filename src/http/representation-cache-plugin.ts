import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { CONDITIONAL_ROUTES } from './conditional-plugin.js';
import { appendRouteHooks, asList } from './route-hooks.js';

// GET /tickets/{id} is the hottest read. On SQLite the process can know exactly when its answer may
// have changed: nothing changes the representation but a write to the database, and
// DatabaseHandle.readVersion() moves with every statement that may write, in this process (counted
// before it runs) or in another one (SQLite's data_version). So the answer's bytes and ETag are kept,
// keyed by organization and URL, with the version read BEFORE the handler read the ticket, and served
// again while the version is unchanged. A write between that version and the read only makes the entry
// stale at once (never a stale answer). On PostgreSQL other processes write without telling this one,
// so there is no version and no cache.
//
// What the answer depends on must be only (organization, signed-in user, URL, database contents): the
// ticket route's answer has no time-dependent or caller-dependent part (scopes decide access, checked
// before this). The ticket list is the same: its page, totals and relations are read from the database
// only, and the URL (query string included) is the whole question, but for `team_id=mine`, which names
// the signed-in user's teams: hence the user in the key. Its answer has no ETag (not a single
// resource), so none is kept. Any write anywhere in the database moves the version, so under a steady
// stream of writes the list is simply read every time; what is saved is the repeated poll of the same
// page between writes (a dashboard, an agent's queue view refreshing).

/** The routes whose 200 answers are kept (GET only). */
export const CACHED_ROUTES: ReadonlySet<string> = new Set(['/api/v1/tickets/:ticket_id', '/api/v1/tickets']);

interface Entry {
  version: string;
  payload: string;
  /** The ETag of exactly these bytes, where the route has one. */
  etag: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The ETag of an answer served from the representation cache (the conditional plugin uses it). */
    cachedEtag: string | null;
    /** Where this request's answer goes in the cache, and the database version it was read at. */
    representationSlot: { key: string; version: string } | null;
  }
}

export interface RepresentationCacheOptions {
  readVersion: () => string | null;
  maxBytes: number;
}

export const representationCachePlugin = fp(
  async (app: FastifyInstance, { readVersion, maxBytes }: RepresentationCacheOptions) => {
    app.decorateRequest('cachedEtag', null);
    app.decorateRequest('representationSlot', null);
    if (maxBytes <= 0 || readVersion() === null) return;
    const cache = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: (e, key) => 2 * (e.payload.length + key.length) + 200,
    });

    // After authentication (onRequest): the organization is known and access was checked.
    const serveKept = async (request: FastifyRequest, reply: FastifyReply) => {
      const version = readVersion()!;
      // The signed-in user too: `team_id=mine` lists that user's teams.
      const key = `${request.auth.organizationId} ${request.auth.userId ?? ''} ${request.url}`;
      const kept = cache.get(key);
      if (kept && kept.version === version) {
        if (kept.etag !== null) request.cachedEtag = kept.etag;
        return reply.type('application/json; charset=utf-8').send(kept.payload);
      }
      request.representationSlot = { key, version };
    };

    // After the conditional plugin's onSend, which set the ETag of exactly these bytes (single resources).
    const keep = (withEtag: boolean) => async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const slot = request.representationSlot;
      const etag = reply.getHeader('etag');
      if (slot && reply.statusCode === 200 && typeof payload === 'string' && (!withEtag || typeof etag === 'string')) {
        cache.set(slot.key, { version: slot.version, payload, etag: withEtag ? (etag as string) : null });
      }
      return payload;
    };

    app.addHook('onRoute', (route) => {
      if (!CACHED_ROUTES.has(route.url) || !asList(route.method).includes('GET')) return;
      appendRouteHooks(route, 'preHandler', serveKept);
      appendRouteHooks(route, 'onSend', keep(CONDITIONAL_ROUTES.has(route.url)));
    });
  },
  { name: 'representation-cache', dependencies: ['conditional'] },
);
