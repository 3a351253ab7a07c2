import type { DatabaseHandle } from '../db/database.js';
import type { AskResult, AssistantService } from '../knowledge/assistant-service.js';
import type { KbPublic } from '../knowledge/kb-public.js';
import type { RetrievedArticle } from '../knowledge/retrieval.js';
import type { Clock } from '../shared/clock.js';
import { AppError, notFound } from '../shared/errors.js';
import { normalizeUuid } from '../shared/ids.js';
import type { TicketOrigin, TicketService } from '../tickets/ticket-service.js';
import type { VisitorLimits } from './visitor-limits.js';
import type { Conversation } from './visitor-schemas.js';
import type { VisitorContext, VisitorService } from './visitor-service.js';
import * as store from './visitor-store.js';
import { conversationView, subjectOf } from './visitor-views.js';

// The assistant in the chat widget: when the organization has published articles, a visitor's
// questions are answered first by the help center's assistant (its service answers and keeps the
// turns; nothing here answers). Each conversation is bound to the visitor session that began it. The
// hand-off is the assistant's own, given a ticket port that opens the ticket as the widget's: channel
// WIDGET_AI, the visitor's customer, and the ticket's link to the visitor in the ticket's transaction.

type TicketPort = Pick<TicketService, 'create' | 'get'>;
type Handoff = AssistantService['handoff'];

export interface VisitorAssistantDeps {
  database: DatabaseHandle;
  clock: Clock;
  assistant: Pick<AssistantService, 'ask'>;
  /** The assistant's hand-off, opening its ticket through the given port. */
  handoffThrough(tickets: TicketPort): Handoff;
  tickets: TicketPort;
  visitors: Pick<VisitorService, 'contactOf' | 'customerOf' | 'linkWrites' | 'announceOpened'>;
  limits: VisitorLimits;
  /** Whether the organization has published articles. */
  available(organizationId: string): Promise<boolean>;
  /** The public URL of the organization's articles (the help center's). */
  articleUrls(organizationId: string): Promise<(article: Pick<RetrievedArticle, 'slug'>) => string>;
}

/**
 * Whether an organization has published articles, remembered for a minute per organization (asked at
 * every session opened): a newly published first article reaches the widget within that minute.
 */
export function hasPublishedArticles(kb: Pick<KbPublic, 'published'>, clock: Clock) {
  const known = new Map<string, { has: boolean; until: number }>();
  return async (organizationId: string): Promise<boolean> => {
    const hit = known.get(organizationId);
    if (hit && hit.until > clock()) return hit.has;
    const has = (await kb.published(organizationId)).length > 0;
    if (known.size >= 10_000) known.clear();
    known.set(organizationId, { has, until: clock() + 60_000 });
    return has;
  };
}

const unavailable = () =>
  new AppError(409, 'conflict', 'the assistant has no published articles to answer from: write to a person');

export function createVisitorAssistant(deps: VisitorAssistantDeps) {
  const { database, clock, assistant, tickets, visitors, limits } = deps;

  /** The conversation's id when this visitor session holds it, else 404 (other visitors' included). */
  async function own(ctx: VisitorContext, raw: string): Promise<string> {
    const id = normalizeUuid(raw);
    const holder = id
      ? await store.assistantConversationVisitor(database.forOrganization(ctx.organizationId), id)
      : undefined;
    if (!id || holder !== ctx.visitor.id) throw notFound('conversation');
    return id;
  }

  return {
    async ask(
      ctx: VisitorContext,
      input: { message: string; conversation_id?: string },
      address: string,
    ): Promise<AskResult> {
      if (!(await deps.available(ctx.organizationId))) throw unavailable();
      const conversationId = input.conversation_id === undefined ? undefined : await own(ctx, input.conversation_id);
      await limits.check('message', address, ctx.visitor.id);
      const result = await assistant.ask(ctx.organizationId, {
        message: input.message,
        conversation_id: conversationId,
        clientAddress: address,
        articleUrl: await deps.articleUrls(ctx.organizationId),
      });
      if (conversationId === undefined) {
        await database.forOrganization(ctx.organizationId).transaction((t) =>
          store.insertAssistantConversation(t, {
            conversation_id: result.conversation_id,
            visitor_id: ctx.visitor.id,
            created_at: clock(),
          }),
        );
      }
      return result;
    },

    /**
     * Hands the conversation to a person: a ticket of channel WIDGET_AI with the transcript, the
     * visitor's own from then on (listed and streamed like the conversations they open). A second
     * hand-off of the same conversation gives the same ticket.
     */
    async handoff(
      ctx: VisitorContext,
      rawId: string,
      input: { email?: string; name?: string },
      address: string,
    ): Promise<Conversation> {
      const id = await own(ctx, rawId);
      const { email, name } = visitors.contactOf(ctx, input);
      let ticketId: string | null = null;
      let opened = false;
      const port: TicketPort = {
        async get(organizationId, rawTicketId) {
          const ticket = await tickets.get(organizationId, rawTicketId);
          ticketId = ticket.id;
          return ticket;
        },
        async create(organizationId, ticketInput, caller, origin) {
          await limits.check('conversation', address, ctx.visitor.id);
          const transcript = typeof origin === 'object' ? origin.transcript : [];
          const widgetOrigin: TicketOrigin = {
            channel: 'WIDGET_AI',
            transcript,
            alsoWrite: visitors.linkWrites(ctx, email, name),
          };
          const ticket = await tickets.create(
            organizationId,
            {
              ...ticketInput,
              subject: subjectOf(ticketInput.message),
              customer: visitors.customerOf(ctx, email, name),
            },
            caller,
            widgetOrigin,
          );
          ticketId = ticket.id;
          opened = true;
          return ticket;
        },
      };
      await deps.handoffThrough(port)(ctx.organizationId, id, { email, name });
      if (ticketId === null) throw notFound('conversation');
      if (opened) await visitors.announceOpened(ctx, ticketId, clock());
      return conversationView(await tickets.get(ctx.organizationId, ticketId));
    },
  };
}

export type VisitorAssistant = ReturnType<typeof createVisitorAssistant>;
