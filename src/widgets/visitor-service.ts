import { createHash, randomBytes } from 'node:crypto';
import type { DatabaseHandle, TenantDb } from '../db/database.js';
import type { EventStreamHub } from '../events/event-stream-hub.js';
import { API_KEY_CALLER } from '../shared/acting-user.js';
import { iso, type Clock } from '../shared/clock.js';
import { AppError, notFound, validationError } from '../shared/errors.js';
import { newTimeOrderedId, normalizeUuid } from '../shared/ids.js';
import type { TicketService } from '../tickets/ticket-service.js';
import { identityRequired, verifyIdentityToken } from './visitor-identity.js';
import { markSeen } from './follow-up-store.js';
import type { VisitorLimits } from './visitor-limits.js';
import type { Conversation, CreateConversationInput, VisitorMessage } from './visitor-schemas.js';
import * as store from './visitor-store.js';
import { conversationView, subjectOf, visitorMessage } from './visitor-views.js';
import { CONVERSATION_OPENED, type ConversationOpened } from './visitor-stream-view.js';
import type { ResolvedWidget, WidgetService } from './widget-service.js';

// The visitor side of the chat widget: sessions opened with a widget's public key (anonymous, or
// identified by the site's JWT), and the conversations (tickets, channel WIDGET) a visitor opens and
// writes in. A session's token is random, kept only as a hash, and bound to its widget, its customer
// and (anonymous visitors) the conversations opened in that session.

/** How long an anonymous visitor session lasts; an identified one ends with its identity token. */
export const ANONYMOUS_SESSION_MS = 30 * 24 * 3_600_000;
/** A visitor's typing reports are passed on at most this often per conversation. */
const TYPING_EVERY_MS = 5_000;
/** Seconds for which a new conversation is remembered for visitor streams still joining. */
const OPENED_NOTICE_MS = 60_000;

export interface VisitorServiceDeps {
  database: DatabaseHandle;
  clock: Clock;
  widgets: Pick<WidgetService, 'resolveKey' | 'resolveId'>;
  tickets: Pick<TicketService, 'create' | 'get' | 'addMessage'>;
  live: Pick<EventStreamHub, 'announce'>;
  limits: VisitorLimits;
  /** How long a typing report holds (as staff presence does). */
  presenceTtlMs: number;
  /** Whether the organization's assistant answers visitors first (it has published articles). */
  assistantAvailable?: (organizationId: string) => Promise<boolean>;
}

/** An authenticated visitor request: the session, its widget and organization. */
export interface VisitorContext {
  organizationId: string;
  widget: ResolvedWidget;
  visitor: store.VisitorRow;
}

export const hashVisitorToken = (token: string) => createHash('sha256').update(token).digest('hex');

const invalidSession = () =>
  new AppError(401, 'unauthorized', 'the visitor session is unknown or has expired: open a new one', [], {
    'www-authenticate': 'Bearer',
  });

export function createVisitorService(deps: VisitorServiceDeps) {
  const { database, clock, widgets, tickets, live, limits, presenceTtlMs, assistantAvailable } = deps;
  // When each visitor last reported typing here: reports closer together than this are not passed on.
  const lastTyping = new Map<string, number>();
  async function visibleTicket(ctx: VisitorContext, rawId: string): Promise<string> {
    const id = normalizeUuid(rawId);
    const t = database.forOrganization(ctx.organizationId);
    if (!id || !(await store.canSee(t, ctx.visitor, id))) throw notFound('conversation');
    return id;
  }

  /** The visitor's email and name for a new ticket: 400 when an anonymous visitor has given none. */
  function contactOf(ctx: VisitorContext, input: { email?: string; name?: string }) {
    const { visitor } = ctx;
    const email = visitor.identified ? visitor.email : (input.email ?? visitor.email);
    if (!email) throw validationError('email is required: how support can reach you', 'email', 'required');
    return { email, name: visitor.identified ? visitor.name : (input.name ?? visitor.name) };
  }

  /** The customer a visitor's ticket is for: an identified visitor's site user id goes with their email. */
  function customerOf(ctx: VisitorContext, email: string, name: string | null) {
    const { visitor } = ctx;
    return { email, name, ...(visitor.identified ? { external_user_id: visitor.external_user_id } : {}) };
  }

  /**
   * The rows that make a new ticket the visitor's (written in the ticket's own transaction): its link
   * to the visitor session, and what an anonymous visitor said about themselves.
   */
  function linkWrites(ctx: VisitorContext, email: string, name: string | null) {
    const { visitor } = ctx;
    return (t: TenantDb, ticket: { id: string; customerId: string; now: number }) => [
      store.conversationInsert(t, {
        ticket_id: ticket.id,
        widget_id: ctx.widget.id,
        visitor_id: visitor.id,
        customer_id: ticket.customerId,
        identified: visitor.identified,
        external_user_id: visitor.identified ? visitor.external_user_id : null,
        created_at: ticket.now,
      }),
      visitor.identified
        ? null
        : store.visitorContactUpdate(t, visitor.id, { email, name, customer_id: ticket.customerId }),
    ];
  }

  /** Open visitor streams (in every process) learn of a new conversation: the agent's replies are theirs to see. */
  async function announceOpened(ctx: VisitorContext, ticketId: string, now: number): Promise<void> {
    const opened: ConversationOpened = {
      ticket_id: ticketId,
      visitor_id: ctx.visitor.id,
      external_user_id: ctx.visitor.identified ? ctx.visitor.external_user_id : null,
    };
    await live.announce(ctx.organizationId, {
      event: CONVERSATION_OPENED,
      key: `${CONVERSATION_OPENED}:${ticketId}`,
      until: now + OPENED_NOTICE_MS,
      internal: true,
      data: opened as unknown as Record<string, unknown>,
    });
  }

  return {
    /** The widget a public key names: 404 when none (the routes check the origin next). */
    async widgetByKey(key: string): Promise<ResolvedWidget> {
      const widget = await widgets.resolveKey(key);
      if (!widget) throw notFound('widget');
      return widget;
    },

    async openSession(widget: ResolvedWidget, identityToken: string | undefined, address: string) {
      const now = clock();
      let identity = null;
      if (widget.identity !== 'off' && identityToken !== undefined) {
        identity = await verifyIdentityToken(identityToken, await widget.identitySecret(), now);
      } else if (widget.identity === 'required') {
        throw identityRequired();
      }
      await limits.check('session', address, null);
      const token = `wvt_${randomBytes(32).toString('base64url')}`;
      const row: store.VisitorRow = {
        id: newTimeOrderedId(now),
        widget_id: widget.id,
        token_hash: hashVisitorToken(token),
        identified: identity ? 1 : 0,
        customer_id: null,
        email: identity?.email ?? null,
        name: identity?.name ?? null,
        external_user_id: identity?.externalUserId ?? null,
        created_at: now,
        expires_at: identity ? identity.expiresAt : now + ANONYMOUS_SESSION_MS,
      };
      await database.system.transaction((s) => store.insertVisitor(s, widget.organizationId, row));
      return {
        token,
        expires_at: iso(row.expires_at),
        visitor: { email: row.email, name: row.name, identified: identity !== null },
        assistant: (await assistantAvailable?.(widget.organizationId)) ?? false,
      };
    },

    /** The session a visitor token names, unless expired, its widget gone, or identity now required. */
    async authenticate(token: string): Promise<VisitorContext> {
      if (!/^wvt_[A-Za-z0-9_-]{43}$/.test(token)) throw invalidSession();
      const hash = hashVisitorToken(token);
      const hit = await store.findVisitorLookup(database.system, hash);
      if (!hit || Number(hit.expires_at) <= clock()) throw invalidSession();
      const visitor = await store.findVisitor(database.forOrganization(hit.owner_organization_id), hit.visitor_id);
      if (!visitor || visitor.token_hash !== hash) throw invalidSession();
      const widget = await widgets.resolveId(hit.owner_organization_id, visitor.widget_id);
      if (!widget) throw invalidSession();
      if (widget.identity === 'required' && !visitor.identified) throw identityRequired();
      return { organizationId: hit.owner_organization_id, widget, visitor };
    },

    async createConversation(
      ctx: VisitorContext,
      input: CreateConversationInput,
      address: string,
    ): Promise<Conversation> {
      const { email, name } = contactOf(ctx, input);
      if (input.message.trim() === '') throw validationError('message must not be blank', 'message', 'blank');
      await limits.check('conversation', address, ctx.visitor.id);
      const ticket = await tickets.create(
        ctx.organizationId,
        { subject: subjectOf(input.message), message: input.message, customer: customerOf(ctx, email, name) },
        API_KEY_CALLER,
        { channel: 'WIDGET', transcript: [], alsoWrite: linkWrites(ctx, email, name) },
      );
      const now = clock();
      await announceOpened(ctx, ticket.id, now);
      return conversationView(ticket);
    },

    contactOf,
    customerOf,
    linkWrites,
    announceOpened,

    /**
     * The visitor's widget showed the conversation's messages up to `messageId`: the agents' replies up
     * to it are not mailed (follow-up.ts). Reported by the widget as it displays them.
     */
    async markSeen(ctx: VisitorContext, rawId: string, messageId: string): Promise<void> {
      const id = await visibleTicket(ctx, rawId);
      const upTo = normalizeUuid(messageId);
      if (!upTo) throw validationError('message_id must be a message id', 'message_id', 'invalid');
      await database.forOrganization(ctx.organizationId).transaction((t) => markSeen(t, id, upTo, clock()));
    },

    /** Deletes up to `limit` expired visitor sessions (their conversations' tickets stay); the number deleted. */
    async sweepExpired(limit = 500): Promise<number> {
      const expired = await store.expiredVisitors(database.system, clock(), limit);
      const byOrganization = new Map<string, string[]>();
      for (const row of expired) {
        const ids = byOrganization.get(row.owner_organization_id) ?? [];
        ids.push(row.visitor_id);
        byOrganization.set(row.owner_organization_id, ids);
      }
      for (const [organizationId, ids] of byOrganization) {
        await database.forOrganization(organizationId).transaction((t) => store.deleteVisitors(t, ids));
      }
      // The index rows last: a crash in between leaves them to the next sweep (a hit is confirmed anyway).
      await store.deleteVisitorLookups(
        database.system,
        expired.map((r) => r.token_hash),
      );
      return expired.length;
    },

    async listConversations(ctx: VisitorContext): Promise<Conversation[]> {
      const ids = await store.visibleTicketIds(database.forOrganization(ctx.organizationId), ctx.visitor);
      const out: Conversation[] = [];
      for (const id of ids) out.push(conversationView(await tickets.get(ctx.organizationId, id)));
      return out;
    },

    /** The ids of the conversations a visitor stream starts with. */
    visibleTicketIds: (ctx: VisitorContext) =>
      store.visibleTicketIds(database.forOrganization(ctx.organizationId), ctx.visitor, 1_000),

    async getConversation(ctx: VisitorContext, rawId: string): Promise<Conversation> {
      return conversationView(await tickets.get(ctx.organizationId, await visibleTicket(ctx, rawId)));
    },

    /**
     * The visitor is typing in a conversation: told to the organization's staff streams as presence
     * (the visitor by name or email, marked `visitor`), never stored and never sent back to visitors.
     */
    async typing(ctx: VisitorContext, rawId: string): Promise<void> {
      const id = await visibleTicket(ctx, rawId);
      const now = clock();
      const key = `${ctx.visitor.id}:${id}`;
      if ((lastTyping.get(key) ?? 0) > now - TYPING_EVERY_MS) return;
      lastTyping.set(key, now);
      if (lastTyping.size > 10_000) lastTyping.delete(lastTyping.keys().next().value!);
      const until = now + presenceTtlMs;
      await live.announce(ctx.organizationId, {
        event: 'presence',
        key: `visitor:${ctx.visitor.id}:${id}`,
        until,
        data: {
          ticket_id: id,
          user: {
            id: `visitor:${ctx.visitor.id}`,
            name: `${ctx.visitor.name ?? ctx.visitor.email ?? 'Visitor'} (visitor)`,
            email: null,
          },
          visitor: true,
          state: 'typing',
          expires_at: iso(until),
        },
      });
    },

    async addMessage(ctx: VisitorContext, rawId: string, content: string, address: string): Promise<VisitorMessage> {
      const id = await visibleTicket(ctx, rawId);
      if (content.trim() === '') throw validationError('content must not be blank', 'content', 'blank');
      await limits.check('message', address, ctx.visitor.id);
      // No user_id: the message is the ticket's customer's (INBOUND).
      return visitorMessage(await tickets.addMessage(ctx.organizationId, id, { content }));
    },
  };
}

export type VisitorService = ReturnType<typeof createVisitorService>;
