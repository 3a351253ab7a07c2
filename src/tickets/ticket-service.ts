import type { DatabaseHandle, SharedWrite, TenantDb } from '../db/database.js';
import type { QuotaService } from '../billing/quota-service.js';
import type { CustomerService } from '../customers/customer-service.js';
import type { EventRecorder } from '../webhooks/event-recorder.js';
import type { TeamService } from '../admin/team-service.js';
import { actingUserId, API_KEY_CALLER, type Caller } from '../shared/acting-user.js';
import type { Clock } from '../shared/clock.js';
import { notFound, validationError } from '../shared/errors.js';
import type { Precondition } from '../shared/precondition.js';
import { isUuid, newTimeOrderedId } from '../shared/ids.js';
import { offsetOf, paginationMeta } from '../shared/pagination.js';
import { moveTicketCount, ticketCountAdjustment } from './ticket-count-store.js';
import { readCountedPage, type CountedPage, type PageWindow } from './ticket-list-store.js';
import {
  type AttachmentRef,
  type DeliveryView,
  messageEventData,
  messageView,
  ticketEventData,
  ticketListItem,
  ticketView,
  type MessageRow,
} from './ticket-payloads.js';
import type {
  AddMessageInput,
  CreateTicketInput,
  ListTicketsInput,
  TicketChannel,
  UpdateTicketInput,
} from './ticket-schemas.js';
import { parseSearch } from './ticket-search.js';
import { parseTeamFilter, UNASSIGNED } from './ticket-list-filters.js';
import { createCappedTermHints } from './capped-term-hints.js';
import { countableFromBuckets, listTicketsCapped, searchTimeout, type TicketFilter } from './ticket-search-store.js';
import { createReadBatcher } from './read-batcher.js';
import { loadPageRelations, loadTicketsWithMessages, type LoadedTicket } from './ticket-read-store.js';
import * as store from './ticket-store.js';
import {
  type AdditionOptions,
  checkTicketPrecondition,
  creationChannel,
  ticketIdOrNotFound,
  ticketRef,
} from './ticket-refs.js';
import { applyTicketUpdate, resolveTags } from './ticket-update.js';
import { newTicketRows } from './ticket-new-rows.js';
import { createTicketBatches } from './ticket-create-many.js';

export { ticketIdOrNotFound };

export interface TicketServiceDeps {
  database: DatabaseHandle;
  clock: Clock;
  customers: Pick<
    CustomerService,
    'findOrCreateForTicket' | 'findOrCreateManyForTickets' | 'countTicket' | 'countCreatedCustomer'
  >;
  quota: Pick<QuotaService, 'checkTicketAllowed' | 'ticketLimitAbsent' | 'unlimitedAdmission' | 'recordTicket'>;
  events: Pick<EventRecorder, 'record' | 'recordWrites' | 'recordManyWrites'>;
  teams: Pick<TeamService, 'teamIdsOf'>;
  /** Mails replies on EMAIL tickets: queued in the reply's own transaction (src/mail/outbound-service.ts). */
  mail?: {
    /** Loads what queueReply needs from outside the organization, before the reply's transaction. */
    ready(): Promise<void>;
    queueReply(t: TenantDb, reply: { ticketId: string; messageId: string; now: number }): Promise<DeliveryView>;
  };
  /**
   * Another domain's row for a staff reply, written in the reply's own transaction (the chat widget's
   * follow-up by mail when the visitor does not see the reply in time); null: nothing to write.
   */
  replyFollowUps?: {
    replyWrite(
      t: TenantDb,
      reply: { ticketId: string; messageId: string; channel: string; now: number },
    ): SharedWrite | null;
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
type TicketView = ReturnType<typeof ticketView>;

const blank = (s: string) => s.trim() === '';

// Reads of one organization running at once before further requests wait for, and share, the next
// statement (read-batcher.ts): two keep both cores busy (the database's and this process's work on
// the previous answer), and everything arriving meanwhile rides the next statement.
const READS_IN_FLIGHT = 2;
/** Tickets per statement at most (a statement of 50 tickets with their messages is still a few ms). */
const TICKETS_PER_READ = 50;

/**
 * A ticket opened from a conversation held elsewhere (the help center's assistant, a mail): its channel,
 * the transcript after the first message, and the files stored with the first message (their rows
 * are written by the caller in the create's transaction, through a transaction observer).
 */
export interface TicketOrigin {
  channel: TicketChannel;
  transcript?: readonly { type: 'INBOUND' | 'OUTBOUND'; content: string }[];
  attachments?: readonly AttachmentRef[];
  /**
   * The opening domain's own rows about the new ticket (the chat widget's link between the ticket and
   * the visitor), written in the ticket's transaction, after its new rows: both commit or neither does.
   */
  alsoWrite?: (
    t: TenantDb,
    ticket: { id: string; customerId: string; now: number },
  ) => ReadonlyArray<SharedWrite | null>;
}

export function createTicketService(deps: TicketServiceDeps) {
  const { database, clock, customers, quota, events, teams, mail, replyFollowUps } = deps;
  // Which searches were capped lately: lets their next run walk for the page beside the count (a hint only).
  const cappedTerms = createCappedTermHints();
  const ticketReads = createReadBatcher<LoadedTicket>({
    read: (organizationId, ids) => loadTicketsWithMessages(database.forOrganization(organizationId), ids),
    maxKeys: TICKETS_PER_READ,
    maxInFlight: READS_IN_FLIGHT,
  });
  // Requests for the same page (same filter and window) share one read. Each page is a group of its
  // own: a slow page (deep, bounded to seconds) never holds up the reads of other pages.
  const pageReads = createReadBatcher<CountedPage, [string, TicketFilter, PageWindow]>({
    read: async (_group, [key], [[organizationId, filter, page]]) =>
      new Map([[key, await readCountedPage(database.forOrganization(organizationId), filter, page)]]),
    maxKeys: 1,
    maxInFlight: READS_IN_FLIGHT,
  });

  /**
   * Creates a ticket. `origin` is for tickets other domains open on a customer's behalf: their channel
   * (EMAIL for mail, WIDGET for the chat widget), or the channel and the rest of the conversation after the
   * first message (a help center conversation handed to a person), as messages in order (answers the
   * customer was given are OUTBOUND, without author). Without it, the caller decides (creationChannel).
   */
  async function create(
    organizationId: string,
    input: CreateTicketInput,
    caller: Caller = API_KEY_CALLER,
    origin?: TicketChannel | TicketOrigin,
  ) {
    const channel =
      origin === undefined ? creationChannel(caller) : typeof origin === 'string' ? origin : origin.channel;
    const transcript = (typeof origin === 'object' ? origin.transcript : undefined) ?? [];
    const attachments = typeof origin === 'object' && origin.attachments?.length ? [...origin.attachments] : undefined;
    if (blank(input.subject)) throw validationError('subject must not be blank', 'subject', 'blank');
    if (blank(input.message)) throw validationError('message must not be blank', 'message', 'blank');
    const scoped = database.forOrganization(organizationId);
    // Every create of the organization takes a number from one row: in a statement of its own, before
    // the transaction, so that row is never held until a transaction commits (nor does taking it need
    // a second connection while one is open, which a pooler's few server connections could not give).
    // The refusals that can be known beforehand (tags, the plan's limit) are checked first and take no
    // number; the transaction checks both again, and a refusal there (a race) leaves a gap, which
    // ticket numbers tolerate. Under a plan without a ticket limit (the default) the number-taking
    // statement reads the plan itself and nothing is left to check (two round trips fewer on
    // PostgreSQL); under a limit it takes no number, and the limit is checked before and in the
    // transaction.
    await resolveTags(scoped, input.tag_ids, 'tag_ids');
    const unlimitedNumber = await store.nextTicketNumberIf(scoped, quota.ticketLimitAbsent(scoped));
    const limited = unlimitedNumber === null;
    if (limited) await quota.checkTicketAllowed(scoped, clock());
    const number = unlimitedNumber ?? (await store.nextTicketNumber(scoped));
    return scoped.transaction(async (t) => {
      const tags = await resolveTags(t, input.tag_ids, 'tag_ids');
      const now = clock();
      const c = input.customer;
      const { customer, created, eventWrites: customerEvent } = await customers.findOrCreateForTicket(t, c, now);
      const admission = limited ? await quota.checkTicketAllowed(t, now) : quota.unlimitedAdmission;
      const { row, message, later, relations } = newTicketRows({
        organizationId: t.organizationId,
        number,
        input,
        channel,
        customer,
        tags,
        now,
        transcript,
        attachments,
      });
      // Every write of the create from here is one statement on PostgreSQL (one round trip; see
      // Sql.writeInOrder), run in this order: the new rows (ticket, first message, tag links, a new
      // customer's event and its deliveries, then the ticket's), then the rows shared with other
      // writes (the customer's, then the organization's bucket, customer total and usage rows), in the
      // order every write takes them (a customer deletion: customer, buckets, customer total), so none
      // can deadlock with another: each is locked only until the commit that follows. The
      // organization's rows are striped (db/counter-stripes.ts), so concurrent creates mostly lock
      // different ones. Nothing here reads them back: the statement leaves with the COMMIT (Sql.writeLast),
      // and its failure fails the create as a failure here would.
      const event = await events.recordWrites(t, {
        type: 'ticket.created',
        occurredAt: now,
        data: ticketEventData(row, relations),
      });
      await t.writeLast([
        store.ticketInsert(t, row),
        store.messageInsert(t, message, 1),
        ...later.map((m, i) => store.messageInsert(t, m, i + 2)),
        store.ticketTagsInsert(
          t,
          row,
          tags.map((tag) => tag.id),
          now,
        ),
        ...(typeof origin === 'object' && origin.alsoWrite
          ? origin.alsoWrite(t, { id: row.id, customerId: customer.id, now })
          : []),
        ...customerEvent,
        ...event,
        customers.countTicket(t, customer.id),
        ticketCountAdjustment(t, row, 1),
        created ? customers.countCreatedCustomer(t) : null,
        quota.recordTicket(t, now, admission),
      ]);
      return ticketView(row, relations, [message, ...later]);
    });
  }

  async function get(organizationId: string, rawId: string) {
    const id = ticketIdOrNotFound(rawId);
    const loaded = await ticketReads.load(organizationId, id, undefined);
    if (!loaded) throw notFound('ticket');
    return ticketView(loaded.row, loaded.relations, loaded.messages);
  }

  /** The teams a list names: `mine` (the signed-in user's teams) or ids separated by commas. */
  async function listTeamIds(organizationId: string, param: string | undefined, caller: Caller) {
    if (param === undefined) return undefined;
    const named = parseTeamFilter(param);
    if (named !== 'mine') return named;
    if (caller.userId === null)
      throw validationError('team_id=mine needs a signed-in staff user; name the teams', 'team_id', 'invalid');
    return teams.teamIdsOf(organizationId, caller.userId);
  }

  async function list(organizationId: string, query: ListTicketsInput, caller: Caller = API_KEY_CALLER) {
    const unassigned = query.assignee_id === UNASSIGNED;
    const filter: TicketFilter = {
      status: query.status,
      includeClosed: query.include_closed === true,
      priority: query.priority,
      customerId: query.customer_id?.toLowerCase(),
      assigneeId: unassigned ? undefined : query.assignee_id,
      ...(unassigned ? { unassigned } : {}),
      ...(query.team_id !== undefined ? { teamIds: await listTeamIds(organizationId, query.team_id, caller) } : {}),
      tagId: query.tag_id?.toLowerCase(),
      search: parseSearch(query.search),
    };
    const t = database.forOrganization(organizationId);
    const page = { limit: query.limit, offset: offsetOf(query) };
    if (countableFromBuckets(filter)) {
      // One statement: the page, each ticket's relations and the exact total (ticket-list-store.ts).
      // The whole filter and window: everything the answer depends on within the organization.
      const key = JSON.stringify([filter, page]);
      const { entries, total } = (await pageReads.load(`${organizationId} ${key}`, key, [
        organizationId,
        filter,
        page,
      ]))!;
      return { data: entries.map(([row, rel]) => ticketListItem(row, rel)), meta: paginationMeta(query, total) };
    }
    const { rows, total, capped } = await listTicketsCapped(t, filter, page, cappedTerms).catch(searchTimeout);
    const relations = await loadPageRelations(t, rows);
    return {
      data: rows.map((r) => ticketListItem(r, relations.get(r.id)!)),
      meta: paginationMeta(query, total, capped),
    };
  }

  async function addMessage(
    organizationId: string,
    rawId: string,
    input: AddMessageInput,
    options: AdditionOptions = {},
  ) {
    const id = ticketIdOrNotFound(rawId);
    if (blank(input.content)) throw validationError('content must not be blank', 'content', 'blank');
    // A signed-in user replies as themselves (OUTBOUND); an API key names the user, or the customer writes.
    const userId = actingUserId((options.caller ?? API_KEY_CALLER).userId, input.user_id);
    if (mail && userId !== null) await mail.ready();
    return database.forOrganization(organizationId).transaction(async (t) => {
      const ticket = await store.lockTicket(t, id);
      if (!ticket) throw notFound('ticket');
      if (options.precondition) await checkTicketPrecondition(t, id, options.precondition);
      const now = clock();
      let author: Pick<MessageRow, 'type' | 'author_type' | 'author_id' | 'author_email' | 'author_name'>;
      if (userId !== null) {
        const user = (await store.findUsers(t, [userId])).get(userId);
        if (!user) throw validationError(`unknown user id: ${userId}`, 'user_id', 'not_found');
        author = {
          type: 'OUTBOUND',
          author_type: 'user',
          author_id: user.id,
          author_email: user.email,
          author_name: user.name,
        };
      } else {
        const customer = (await store.findCustomerRefs(t, [ticket.customer_id])).get(ticket.customer_id)!;
        author = {
          type: 'INBOUND',
          author_type: 'customer',
          author_id: customer.id,
          author_email: customer.email,
          author_name: customer.name,
        };
      }
      const message: MessageRow = {
        id: newTimeOrderedId(),
        ticket_id: ticket.id,
        content: input.content,
        created_at: now,
        ...author,
        ...(options.attachments?.length ? { attachments: [...options.attachments] } : {}),
      };
      // The ticket row is locked (writers are serial on SQLite): its count numbers the message. The
      // writes are one statement on PostgreSQL, sent with the COMMIT (Sql.writeLast): the message, the
      // ticket's count, the event and its deliveries.
      const event = await events.recordWrites(t, {
        type: 'message.created',
        occurredAt: now,
        data: messageEventData(message, ticket),
      });
      // A reply on an EMAIL ticket is mailed: queued before the message's writes, in their transaction.
      const delivery =
        mail && author.type === 'OUTBOUND' && ticket.channel === 'EMAIL'
          ? await mail.queueReply(t, { ticketId: ticket.id, messageId: message.id, now })
          : null;
      const followUp =
        replyFollowUps && author.type === 'OUTBOUND'
          ? replyFollowUps.replyWrite(t, { ticketId: ticket.id, messageId: message.id, channel: ticket.channel, now })
          : null;
      await t.writeLast([
        store.messageInsert(t, message, ticket.message_count + 1),
        followUp,
        store.messageCountBump(t, ticket.id, now),
        ...event,
      ]);
      return messageView({ ...message, delivery });
    });
  }

  async function update(
    organizationId: string,
    rawId: string,
    input: UpdateTicketInput,
    precondition?: Precondition<TicketView>,
  ) {
    const id = ticketIdOrNotFound(rawId);
    if (input.subject !== undefined && blank(input.subject))
      throw validationError('subject must not be blank', 'subject', 'blank');
    const scoped = database.forOrganization(organizationId);
    const updated = await scoped.transaction(async (t) => {
      const before = await store.lockTicket(t, id);
      if (!before) throw notFound('ticket');
      // If-Match: the representation GET shows, read under the row lock just taken.
      if (precondition) await checkTicketPrecondition(t, id, precondition);
      const now = clock();
      const { row, relations, changes } = await applyTicketUpdate(t, before, input, now);
      if (changes) {
        const data = { ...ticketEventData(row, relations), changes };
        await events.record(t, { type: 'ticket.updated', occurredAt: now, data });
      }
      // The organization's bucket rows are shared by every update: locked last, held only until commit.
      if (row.status !== before.status || row.priority !== before.priority) {
        await moveTicketCount(t, before, row);
      }
      return { row, relations };
    });
    // Read after the commit: the bucket and ticket row locks are not held while the messages load.
    const messages = await store.listMessages(scoped, updated.row);
    return ticketView(updated.row, updated.relations, messages);
  }

  /**
   * The ticket a received mail may continue, by id or by number, with its status and customer's email
   * (null when the organization has none, or the id is not a UUID).
   */
  async function threadRef(organizationId: string, by: { id: string } | { number: number }) {
    if ('id' in by && !isUuid(by.id)) return null;
    const t = database.forOrganization(organizationId);
    const ticket = await store.findThreadTicket(t, 'id' in by ? { id: by.id.toLowerCase() } : by);
    if (!ticket) return null;
    const customer = (await store.findCustomerRefs(t, [ticket.customer_id])).get(ticket.customer_id);
    return { id: ticket.id, number: ticket.number, status: ticket.status, customerEmail: customer?.email ?? null };
  }

  const createMany = createTicketBatches({ database, clock, customers, quota, events });

  return { create, createMany, get, list, addMessage, update, ticketRef, threadRef };
}
