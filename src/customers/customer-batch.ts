import type { SharedWrite, TenantDb } from '../db/database.js';
import { newTimeOrderedId } from '../shared/ids.js';
import type { EventRecorder, RecordedEvent } from '../webhooks/event-recorder.js';
import * as store from './customer-store.js';

// The customers of a batch of tickets, found or created together: what findOrCreateForTicket does for
// each, in a few statements whatever their number (one read of all of them, one insert of the new ones,
// one set of customer.created events), where one by one a batch of mail from as many senders cost a
// read, an insert and a look at the webhooks per sender. Used by the batch create (tickets/
// ticket-create-many.ts).

/** The customer fields a ticket creation may supply (customer.* of POST /tickets). */
export interface TicketCustomerInput {
  email: string;
  name?: string | null;
  external_user_id?: string | null;
  external_organization_id?: string | null;
  external_organization_name?: string | null;
  metadata?: object | null;
}

/** The row of a customer a ticket creation makes from what it supplied (one by one, or in a batch). */
export function ticketCustomerRow(input: TicketCustomerInput, now: number): store.NewCustomer {
  return {
    id: newTimeOrderedId(),
    email: input.email.trim(),
    email_key: store.emailKey(input.email),
    name: input.name ?? null,
    external_user_id: input.external_user_id ?? null,
    external_organization_id: input.external_organization_id ?? null,
    external_organization_name: input.external_organization_name ?? null,
    avatar_url: null,
    metadata: JSON.stringify(input.metadata ?? null),
    created_at: now,
    updated_at: now,
  };
}

export interface CustomersOfBatch {
  /** Each customer by its email key (shared/ids.ts emailKey). */
  byKey: Map<string, store.CustomerRow>;
  /** How many this call created. */
  created: number;
  /** Their customer.created events, for the creating transaction to run with its other writes. */
  eventWrites: ReadonlyArray<SharedWrite | null>;
}

export function customerBatches(
  events: Pick<EventRecorder, 'recordManyWrites'>,
  view: (row: store.CustomerRow) => RecordedEvent['data'],
) {
  /**
   * The customer of each input (by email key; the first input of a key names a new customer), created
   * where none has the email yet. A customer another transaction creates meanwhile is read, as
   * findOrCreateForTicket reads the winner of that race.
   */
  return async function findOrCreateManyForTickets(
    t: TenantDb,
    inputs: readonly TicketCustomerInput[],
    now: number,
  ): Promise<CustomersOfBatch> {
    const firsts = new Map<string, TicketCustomerInput>();
    for (const input of inputs) {
      const key = store.emailKey(input.email);
      if (!firsts.has(key)) firsts.set(key, input);
    }
    const byKey = new Map((await store.findCustomersByKeys(t, [...firsts.keys()])).map((c) => [c.email_key, c]));
    const missing = [...firsts].filter(([key]) => !byKey.has(key));
    if (missing.length === 0) return { byKey, created: 0, eventWrites: [] };

    const inserted = await store.insertCustomers(
      t,
      missing.map(([, input]) => ticketCustomerRow(input, now)),
    );
    const made = new Map(inserted.map((c) => [c.email_key, c]));
    // In the inputs' order, as one by one would have made them.
    const created = missing.flatMap(([key]) => made.get(key) ?? []);
    for (const c of created) byKey.set(c.email_key, c);
    const lost = missing.filter(([key]) => !made.has(key)).map(([key]) => key);
    if (lost.length > 0) {
      for (const c of await store.findCustomersByKeys(t, lost)) byKey.set(c.email_key, c);
      if (lost.some((key) => !byKey.has(key))) throw new Error('customer vanished between insert and read');
    }
    // As GET /customers/{id} shows each once its first ticket commits (countTicket follows).
    const eventWrites =
      created.length === 0
        ? []
        : await events.recordManyWrites(
            t,
            created.map((c) => ({
              type: 'customer.created' as const,
              occurredAt: now,
              data: view({ ...c, ticket_count: 1 }),
            })),
          );
    return { byKey, created: created.length, eventWrites };
  };
}
