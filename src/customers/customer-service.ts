import type { Static } from 'typebox';
import { rerunTransaction, type DatabaseHandle, type SharedWrite, type TenantDb } from '../db/database.js';
import { checkPrecondition } from '../db/row-lock.js';
import type { Precondition } from '../shared/precondition.js';
import type { Clock } from '../shared/clock.js';
import { iso } from '../shared/clock.js';
import { conflict, notFound } from '../shared/errors.js';
import { newTimeOrderedId, pathUuid } from '../shared/ids.js';
import { offsetOf, paginationMeta, type PageQuery } from '../shared/pagination.js';
import { parseSearchTerm } from '../shared/search-term.js';
import type { TicketCounter } from '../tickets/ticket-counter.js';
import type { EventRecorder } from '../webhooks/event-recorder.js';
import type { CreateCustomerBody, Customer, UpdateCustomerBody } from './customer-schemas.js';
import { customerBatches, ticketCustomerRow, type TicketCustomerInput } from './customer-batch.js';
import * as store from './customer-store.js';

export type CustomerView = Static<typeof Customer>;
export type CustomerRow = store.CustomerRow;

export function toCustomerView(row: store.CustomerRow): CustomerView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    external_user_id: row.external_user_id,
    external_organization_id: row.external_organization_id,
    external_organization_name: row.external_organization_name,
    avatar_url: row.avatar_url,
    metadata: JSON.parse(row.metadata) as Record<string, unknown> | null,
    ticket_count: Number(row.ticket_count),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const emailTaken = () => conflict('a customer with this email already exists in the organization', 'email');

export interface CustomerServiceDeps {
  database: DatabaseHandle;
  clock: Clock;
  ticketCounter: Pick<TicketCounter, 'subtractCustomerTickets' | 'lockCustomerTickets' | 'customerTicketIds'>;
  events: Pick<EventRecorder, 'record' | 'recordWrites' | 'recordManyWrites'>;
}

const PATCHABLE = [
  'email',
  'name',
  'external_user_id',
  'external_organization_id',
  'external_organization_name',
  'avatar_url',
  'metadata',
] as const;

export function createCustomerService({ database, clock, ticketCounter, events }: CustomerServiceDeps) {
  /** Path ids: anything that is not a UUID cannot name a customer (404); UUIDs match in any case. */
  const customerId = (raw: string): string => pathUuid(raw, 'customer');

  async function load(t: TenantDb, rawId: string): Promise<store.CustomerRow> {
    const row = await store.findCustomer(t, customerId(rawId));
    if (!row) throw notFound('customer');
    return row;
  }

  return {
    async create(organizationId: string, input: Static<typeof CreateCustomerBody>): Promise<CustomerView> {
      const now = clock();
      const row = await database.forOrganization(organizationId).transaction(async (t) => {
        const inserted = await store.insertCustomer(t, {
          id: newTimeOrderedId(),
          email: input.email,
          email_key: store.emailKey(input.email),
          name: input.name ?? null,
          external_user_id: input.external_user_id ?? null,
          external_organization_id: input.external_organization_id ?? null,
          external_organization_name: input.external_organization_name ?? null,
          avatar_url: input.avatar_url ?? null,
          metadata: JSON.stringify(input.metadata ?? null),
          created_at: now,
          updated_at: now,
        });
        if (!inserted) throw emailTaken();
        const view = toCustomerView(inserted);
        await events.record(t, { type: 'customer.created', occurredAt: now, data: view });
        await store.adjustCustomerCount(t, 1);
        // The view is the transaction's result: an idempotent request stores it with the row, in the same transaction.
        return view;
      });
      return row;
    },

    async get(organizationId: string, id: string): Promise<CustomerView> {
      return toCustomerView(await load(database.forOrganization(organizationId), id));
    },

    async list(organizationId: string, query: PageQuery & { search?: string }) {
      const t = database.forOrganization(organizationId);
      const offset = offsetOf(query);
      const term = parseSearchTerm(query.search);
      if (term) {
        const { rows, total } = await store.searchCustomers(t, term, query.limit, offset);
        return { data: rows.map(toCustomerView), meta: paginationMeta(query, total) };
      }
      const total = await store.countAllCustomers(t);
      const rows = offset < total ? await store.listCustomers(t, query.limit, offset) : [];
      return { data: rows.map(toCustomerView), meta: paginationMeta(query, total) };
    },

    async update(
      organizationId: string,
      rawId: string,
      input: Static<typeof UpdateCustomerBody>,
      precondition?: Precondition<CustomerView>,
    ): Promise<CustomerView> {
      const id = customerId(rawId);
      return database.forOrganization(organizationId).transaction(async (t) => {
        // Locked first: the event's position in the log follows the order in which PATCHes commit.
        if (!(await store.lockCustomer(t, id))) throw notFound('customer');
        const before = (await store.findCustomer(t, id))!;
        await checkPrecondition(t, 'customers', id, precondition, async () => toCustomerView(before));
        const patch: store.CustomerPatch = { updated_at: clock() };
        if (input.email !== undefined)
          Object.assign(patch, { email: input.email, email_key: store.emailKey(input.email) });
        for (const field of [
          'name',
          'external_user_id',
          'external_organization_id',
          'external_organization_name',
          'avatar_url',
        ] as const) {
          if (input[field] !== undefined) patch[field] = input[field];
        }
        if (input.metadata !== undefined) patch.metadata = JSON.stringify(input.metadata);
        if (!(await store.updateCustomer(t, id, patch))) throw emailTaken();
        const after = (await store.findCustomer(t, id))!;
        const view = toCustomerView(after);
        // customer.updated only when a field changed (not for updated_at alone, nor ticket_count).
        if (PATCHABLE.some((f) => before[f] !== after[f])) {
          await events.record(t, { type: 'customer.updated', occurredAt: patch.updated_at, data: view });
        }
        return view;
      });
    },

    /** Deletes the customer with all of its tickets and their messages, in one transaction. */
    async remove(organizationId: string, rawId: string, precondition?: Precondition<CustomerView>): Promise<void> {
      const id = customerId(rawId);
      await database.forOrganization(organizationId).transaction(async (t) => {
        const seen = await store.findCustomer(t, id);
        if (!seen) throw notFound('customer');
        // Its tickets are locked first (a transaction's position in the event log is fixed by its
        // first lock or write: ticket.deleted must come after every other event of those tickets),
        // then the customer, then the tickets again: a ticket created for the customer, or a PATCH,
        // committed in between would precede events positioned before it, so the deletion reruns.
        const tickets = await ticketCounter.lockCustomerTickets(t, id);
        if (!(await store.lockCustomer(t, id))) throw notFound('customer');
        const last = (await store.findCustomer(t, id))!;
        await checkPrecondition(t, 'customers', id, precondition, async () => toCustomerView(last));
        if (t.rowLocks) {
          const locked = new Set(tickets.map((x) => x.id));
          const now = await ticketCounter.customerTicketIds(t, id);
          if (now.some((x) => !locked.has(x)) || last.updated_at !== seen.updated_at)
            throw rerunTransaction('customer changed during its deletion');
        }
        const now = clock();
        for (const ticket of tickets) {
          const data = { id: ticket.id, ticket_number: String(ticket.number), customer_id: id };
          await events.record(t, { type: 'ticket.deleted', occurredAt: now, data });
        }
        await events.record(t, { type: 'customer.deleted', occurredAt: now, data: toCustomerView(last) });
        await ticketCounter.subtractCustomerTickets(t, id);
        await store.deleteCustomer(t, id);
        await store.adjustCustomerCount(t, -1);
      });
    },

    /**
     * For ticket creation, in its transaction: the customer with this email, created from `input` when
     * there is none. An existing customer is returned untouched (a ticket never
     * overwrites stored customer fields). Safe under concurrent creates: the unique (organization,
     * email) index decides, and the loser reads the winner. A new customer is counted by countCreatedCustomer.
     * Its customer.created event is returned as writes for the caller's transaction to run, with its
     * own, before its own events (Sql.writeInOrder: on PostgreSQL one statement with the ticket's writes).
     */
    async findOrCreateForTicket(
      t: TenantDb,
      input: TicketCustomerInput,
      now: number,
    ): Promise<{ customer: CustomerRow; created: boolean; eventWrites: ReadonlyArray<SharedWrite | null> }> {
      const existing = await store.findCustomerByEmail(t, input.email);
      if (existing) return { customer: existing, created: false, eventWrites: [] };
      const inserted = await store.insertCustomer(t, ticketCustomerRow(input, now));
      if (inserted) {
        // As GET /customers/{id} shows it once the creating ticket commits (countTicket follows).
        const eventWrites = await events.recordWrites(t, {
          type: 'customer.created',
          occurredAt: now,
          data: toCustomerView({ ...inserted, ticket_count: 1 }),
        });
        return { customer: inserted, created: true, eventWrites };
      }
      const winner = await store.findCustomerByEmail(t, input.email);
      if (!winner) throw new Error('customer vanished between insert and read');
      return { customer: winner, created: false, eventWrites: [] };
    },

    /** findOrCreateForTicket for a batch's customers, together (customer-batch.ts). */
    findOrCreateManyForTickets: customerBatches(events, toCustomerView),

    /**
     * The write counting one more ticket for the customer (ticket_count), for the ticket creation's
     * transaction to run (Sql.writeInOrder). It locks the customer's row until the commit: run it before
     * the organization's shared rows, as a customer deletion locks the customer before the ticket buckets
     * and the customer total.
     */
    countTicket(t: TenantDb, customerId: string, tickets = 1): SharedWrite {
      return store.ticketCountIncrement(t, customerId, tickets);
    },

    /**
     * The write counting the customer findOrCreateForTicket created in the organization's customer total,
     * for the ticket creation's transaction to run late (after the ticket buckets, the order a customer
     * deletion takes them in), as that total is shared by every create that makes a customer.
     */
    countCreatedCustomer(t: TenantDb, customers = 1): SharedWrite {
      return store.customerCountAdjustment(t, customers);
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
