import type { CustomerService } from '../customers/customer-service.js';
import type { DatabaseHandle } from '../db/database.js';
import type { QuotaService } from '../billing/quota-service.js';
import type { EventRecorder } from '../webhooks/event-recorder.js';
import type { Clock } from '../shared/clock.js';
import { validationError } from '../shared/errors.js';
import { emailKey } from '../shared/ids.js';
import { ticketCountAdjustment } from './ticket-count-store.js';
import { newTicketRows } from './ticket-new-rows.js';
import { ticketEventData, ticketView } from './ticket-payloads.js';
import type { CreateTicketInput, TicketChannel } from './ticket-schemas.js';
import * as store from './ticket-store.js';

// Many tickets opened at once on customers' behalf, in one transaction: what a batch of received mail
// becomes. Each ticket is what a single create makes of the same input (the same rows, events and
// counts), but the batch takes its numbers in one statement, reads all its customers in one and creates
// the new ones in one more (customers/customer-batch.ts), writes each table's rows in one statement,
// and the counters once per batch: a ticket's cost is then mostly its own rows and their indexes,
// where alone it is as much the statements and the commit around them.
// For plain inputs only (no tags, transcript or files: those go through create). Under a plan with a
// ticket limit nothing is created (null): create checks the limit ticket by ticket, and the caller
// creates them so.

export type NewTicketInput = Pick<CreateTicketInput, 'subject' | 'message' | 'priority'> & {
  customer: { email: string; name?: string };
};

export interface CreateManyDeps {
  database: DatabaseHandle;
  clock: Clock;
  customers: Pick<CustomerService, 'findOrCreateManyForTickets' | 'countTicket' | 'countCreatedCustomer'>;
  quota: Pick<QuotaService, 'ticketLimitAbsent' | 'unlimitedAdmission' | 'recordTicket'>;
  events: Pick<EventRecorder, 'recordManyWrites'>;
}

const blank = (s: string) => s.trim() === '';

export function createTicketBatches({ database, clock, customers, quota, events }: CreateManyDeps) {
  /**
   * Creates one ticket per input, in one transaction (all or none), as the API key caller with
   * `channel`; returns their views in the inputs' order, or null under a plan with a ticket limit.
   */
  return async function createMany(organizationId: string, inputs: readonly NewTicketInput[], channel: TicketChannel) {
    for (const input of inputs) {
      if (blank(input.subject)) throw validationError('subject must not be blank', 'subject', 'blank');
      if (blank(input.message)) throw validationError('message must not be blank', 'message', 'blank');
    }
    if (inputs.length === 0) return [];
    const scoped = database.forOrganization(organizationId);
    // As create: the numbers in a statement of their own, which also reads the plan.
    const last = await store.lastOfTicketNumbersIf(scoped, inputs.length, quota.ticketLimitAbsent(scoped));
    if (last === null) return null;
    const first = last - inputs.length + 1;
    return scoped.transaction(async (t) => {
      const now = clock();
      // Each customer once, all together: found, or created (with its customer.created event) as by
      // its first ticket.
      const {
        byKey: customerOf,
        created: createdCustomers,
        eventWrites: customerEvents,
      } = await customers.findOrCreateManyForTickets(
        t,
        inputs.map((input) => input.customer),
        now,
      );
      const ticketsOf = new Map<string, number>();
      const made = [];
      for (const [i, input] of inputs.entries()) {
        const customer = customerOf.get(emailKey(input.customer.email))!;
        ticketsOf.set(customer.id, (ticketsOf.get(customer.id) ?? 0) + 1);
        made.push(newTicketRows({ organizationId, number: first + i, input, channel, customer, tags: [], now }));
      }
      const ticketEvents = await events.recordManyWrites(
        t,
        made.map(({ row, relations }) => ({
          type: 'ticket.created',
          occurredAt: now,
          data: ticketEventData(row, relations),
        })),
      );
      // In create's order: new rows, then the customers' rows, then the organization's shared rows. The
      // customers' rows in the order of their ids, as every batch takes them: two batches locking two
      // customers each cannot wait for each other (a single create locks one).
      const byKey = ([a]: [string, number], [b]: [string, number]) => (a < b ? -1 : a > b ? 1 : 0);
      const buckets = new Map<string, number>();
      for (const { row } of made) buckets.set(row.priority, (buckets.get(row.priority) ?? 0) + 1);
      await t.writeLast([
        store.ticketInsert(
          t,
          made.map((m) => m.row),
        ),
        store.firstMessagesInsert(
          t,
          made.map((m) => m.message),
        ),
        ...customerEvents,
        ...ticketEvents,
        ...[...ticketsOf].sort(byKey).map(([customerId, n]) => customers.countTicket(t, customerId, n)),
        ...[...buckets].sort(byKey).map(([priority, n]) => ticketCountAdjustment(t, { status: 'OPEN', priority }, n)),
        createdCustomers > 0 ? customers.countCreatedCustomer(t, createdCustomers) : null,
        quota.recordTicket(t, now, quota.unlimitedAdmission, inputs.length),
      ]);
      return made.map(({ row, relations, message }) => ticketView(row, relations, [message]));
    });
  };
}
