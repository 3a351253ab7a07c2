import type { Static } from 'typebox';
import type { DatabaseHandle } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { iso } from '../shared/clock.js';
import { conflict, notFound } from '../shared/errors.js';
import { newId, pathUuid } from '../shared/ids.js';
import { offsetOf, paginationMeta, type PageQuery } from '../shared/pagination.js';
import { parseSearchTerm } from '../shared/search-term.js';
import { subtractCustomerTickets } from '../tickets/ticket-count-store.js';
import type { CreateCustomerBody, Customer, UpdateCustomerBody } from './customer-schemas.js';
import * as store from './customer-store.js';

export type CustomerView = Static<typeof Customer>;

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

export function createCustomerService(deps: { database: DatabaseHandle; clock: Clock }) {
  const { database, clock } = deps;

  /** Path ids: anything that is not a UUID cannot name a customer (404); UUIDs match in any case. */
  const customerId = (raw: string): string => pathUuid(raw, 'customer');

  async function load(organizationId: string, rawId: string): Promise<store.CustomerRow> {
    const row = await store.findCustomer(database.db, organizationId, customerId(rawId));
    if (!row) throw notFound('customer');
    return row;
  }

  return {
    async create(organizationId: string, input: Static<typeof CreateCustomerBody>): Promise<CustomerView> {
      const now = clock();
      const row = await database.transaction((trx) =>
        store.insertCustomer(trx, {
          id: newId(),
          organization_id: organizationId,
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
        }),
      );
      if (!row) throw emailTaken();
      return toCustomerView(row);
    },

    async get(organizationId: string, id: string): Promise<CustomerView> {
      return toCustomerView(await load(organizationId, id));
    },

    async list(organizationId: string, query: PageQuery & { search?: string }) {
      const offset = offsetOf(query);
      const term = parseSearchTerm(query.search);
      if (term) {
        const { rows, total } = await store.searchCustomers(database.db, database.dialect, organizationId, term, query.limit, offset);
        return { data: rows.map(toCustomerView), meta: paginationMeta(query, total) };
      }
      const total = await store.countAllCustomers(database.db, organizationId);
      const rows = offset < total ? await store.listCustomers(database.db, organizationId, query.limit, offset) : [];
      return { data: rows.map(toCustomerView), meta: paginationMeta(query, total) };
    },

    async update(organizationId: string, rawId: string, input: Static<typeof UpdateCustomerBody>): Promise<CustomerView> {
      const id = customerId(rawId);
      return database.transaction(async (trx) => {
        if (!(await store.findCustomer(trx, organizationId, id))) throw notFound('customer');
        const patch: store.CustomerPatch = { updated_at: clock() };
        if (input.email !== undefined) Object.assign(patch, { email: input.email, email_key: store.emailKey(input.email) });
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
        if (!(await store.updateCustomer(trx, organizationId, id, patch))) throw emailTaken();
        return toCustomerView((await store.findCustomer(trx, organizationId, id))!);
      });
    },

    /** Deletes the customer with all of its tickets and their messages, in one transaction. */
    async remove(organizationId: string, rawId: string): Promise<void> {
      const id = customerId(rawId);
      await database.transaction(async (trx) => {
        // Customer first, then its tickets, then the buckets: the order ticket creation also follows.
        if (!(await store.lockCustomer(trx, database.dialect, organizationId, id))) throw notFound('customer');
        await subtractCustomerTickets(trx, database.dialect, organizationId, id);
        await store.deleteCustomer(trx, organizationId, id);
      });
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
