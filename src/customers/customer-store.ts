import { sql } from 'kysely';
import type { Dialect, Executor } from '../db/database.js';
import type { CustomerTable } from '../db/schema.js';

export type CustomerRow = Omit<CustomerTable, 'rid' | 'ticket_count'> & { ticket_count: number };
export type NewCustomer = Omit<CustomerTable, 'rid' | 'ticket_count'>;

const COLUMNS = [
  'id',
  'organization_id',
  'email',
  'email_key',
  'name',
  'external_user_id',
  'external_organization_id',
  'external_organization_name',
  'avatar_url',
  'metadata',
  'ticket_count',
  'created_at',
  'updated_at',
] as const;

export const emailKey = (email: string): string => email.trim().toLowerCase();

export function findCustomer(db: Executor, organizationId: string, id: string): Promise<CustomerRow | undefined> {
  return db
    .selectFrom('customers')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

export function findCustomerByEmail(db: Executor, organizationId: string, email: string): Promise<CustomerRow | undefined> {
  return db
    .selectFrom('customers')
    .select(COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('email_key', '=', emailKey(email))
    .executeTakeFirst();
}

async function bumpCustomerCount(db: Executor, organizationId: string, delta: number): Promise<void> {
  await db
    .updateTable('organization_counters')
    .set({ customer_count: sql`customer_count + ${delta}` })
    .where('organization_id', '=', organizationId)
    .execute();
}

/** Inserts a customer; returns undefined when the email is already taken in the organization. */
export async function insertCustomer(db: Executor, row: NewCustomer): Promise<CustomerRow | undefined> {
  const inserted = await db
    .insertInto('customers')
    .values({ ...row, ticket_count: 0 })
    .onConflict((oc) => oc.columns(['organization_id', 'email_key']).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  if (inserted) await bumpCustomerCount(db, row.organization_id, 1);
  return inserted;
}

/**
 * The customer with this email, created from `row` when there is none. An existing customer is
 * returned untouched (decisions.md: a ticket never overwrites stored customer fields). Safe under
 * concurrent creates: the unique (organization, email) index decides, and the loser reads the winner.
 */
export async function findOrCreateCustomer(db: Executor, _dialect: Dialect, row: NewCustomer): Promise<CustomerRow> {
  const existing = await findCustomerByEmail(db, row.organization_id, row.email);
  if (existing) return existing;
  const inserted = await insertCustomer(db, row);
  if (inserted) return inserted;
  const winner = await findCustomerByEmail(db, row.organization_id, row.email);
  if (!winner) throw new Error('customer vanished between insert and read');
  return winner;
}

/** Counts one more ticket for the customer (customer.ticket_count). */
export async function incrementTicketCount(db: Executor, customerId: string): Promise<void> {
  await db
    .updateTable('customers')
    .set({ ticket_count: sql`ticket_count + 1` })
    .where('id', '=', customerId)
    .execute();
}
