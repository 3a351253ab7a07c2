import { sql } from 'kysely';
import { pickStripe } from '../db/counter-stripes.js';
import { isUniqueViolation, type TenantDb } from '../db/database.js';
import { inValues } from '../db/json-rows.js';
import type { CustomerTable } from './customer-tables.js';
import type { SearchTerm } from '../shared/search-term.js';
import { pgCustomerMatch } from '../shared/search-sql.js';
import { emailKey } from '../shared/ids.js';

// Data access of customers. Every function takes the organization-scoped handle it runs in (the
// root connection or a transaction): the organization comes with it, never as an argument.

export type CustomerRow = Omit<CustomerTable, 'rid' | 'ticket_count'> & { ticket_count: number };
export type NewCustomer = Omit<CustomerTable, 'rid' | 'ticket_count' | 'organization_id'>;

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

export { emailKey };

export function findCustomer(t: TenantDb, id: string): Promise<CustomerRow | undefined> {
  return t.selectFrom('customers').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Locks the customer row for the rest of the transaction (where rows lock); false when there is none. */
export async function lockCustomer(t: TenantDb, id: string): Promise<boolean> {
  const row = await t
    .selectFrom('customers')
    .select('id')
    .where('id', '=', id)
    .$if(t.rowLocks, (q) => q.forUpdate())
    .executeTakeFirst();
  return row !== undefined;
}

export function findCustomerByEmail(t: TenantDb, email: string): Promise<CustomerRow | undefined> {
  return t.selectFrom('customers').select(COLUMNS).where('email_key', '=', emailKey(email)).executeTakeFirst();
}

/** The customers with these email keys (emailKey), in one statement: at most a claim's worth of keys. */
export function findCustomersByKeys(t: TenantDb, keys: readonly string[]): Promise<CustomerRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return t
    .selectFrom('customers')
    .select(COLUMNS)
    .where(inValues(t, 'email_key', keys, 'text'))
    .execute();
}

/**
 * Adds delta to the organization's customer total, in one of its stripes (db/counter-stripes.ts; a
 * stripe may go below zero, the sum is the total). The rows are shared by every write of the
 * organization that creates or deletes a customer: callers change them last, just before commit.
 */
export async function adjustCustomerCount(t: TenantDb, delta: number): Promise<void> {
  await customerCountAdjustment(t, delta).execute();
}

/** adjustCustomerCount, not yet run. */
export function customerCountAdjustment(t: TenantDb, delta: number) {
  return t
    .insertInto('customer_counts', { stripe: pickStripe(t), count: delta })
    .onConflict((oc) =>
      oc.columns(['organization_id', 'stripe']).doUpdateSet({ count: sql`customer_counts.count + ${delta}` }),
    );
}

/** Inserts a customer (not yet counted: see adjustCustomerCount); undefined when the email is taken. */
export async function insertCustomer(t: TenantDb, row: NewCustomer): Promise<CustomerRow | undefined> {
  return t
    .insertInto('customers', { ...row, ticket_count: 0 })
    .onConflict((oc) => oc.columns(['organization_id', 'email_key']).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** insertCustomer for several: those inserted (a taken email is left out), in no particular order. */
export function insertCustomers(t: TenantDb, rows: readonly NewCustomer[]): Promise<CustomerRow[]> {
  return t
    .insertRows(
      'customers',
      rows.map((row) => ({ ...row, ticket_count: 0 })),
    )
    .onConflict((oc) => oc.columns(['organization_id', 'email_key']).doNothing())
    .returning(COLUMNS)
    .execute();
}

/** The write counting one more ticket for the customer (customer.ticket_count). */
export function ticketCountIncrement(t: TenantDb, customerId: string, tickets = 1) {
  return t
    .updateTable('customers')
    .set({ ticket_count: sql`ticket_count + ${tickets}` })
    .where('id', '=', customerId);
}

export type CustomerPatch = Partial<
  Pick<
    CustomerTable,
    | 'email'
    | 'email_key'
    | 'name'
    | 'external_user_id'
    | 'external_organization_id'
    | 'external_organization_name'
    | 'avatar_url'
    | 'metadata'
  >
> & { updated_at: number };

/** Applies a patch; returns false when the new email is taken by another customer of the organization. */
export async function updateCustomer(t: TenantDb, id: string, patch: CustomerPatch): Promise<boolean> {
  try {
    await t.updateTable('customers').set(patch).where('id', '=', id).execute();
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/**
 * Deletes a customer; its tickets, their messages and tag links go with it (foreign-key cascades).
 * Not yet uncounted: see adjustCustomerCount, which the caller runs last, as creation does.
 */
export async function deleteCustomer(t: TenantDb, id: string): Promise<void> {
  await t.deleteFrom('customers').where('id', '=', id).execute();
}

export async function countAllCustomers(t: TenantDb): Promise<number> {
  const row = await t
    .selectFrom('customer_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), sql<number>`0`).as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export function listCustomers(t: TenantDb, limit: number, offset: number): Promise<CustomerRow[]> {
  return t
    .selectFrom('customers')
    .select(COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

const like = (column: string, patterns: string[]) =>
  sql.join(
    patterns.map((p) => sql`${sql.ref(column)} LIKE ${p} ESCAPE '\\'`),
    sql` OR `,
  );

/**
 * The email-or-name condition per engine. SQLite answers terms of three characters or more from the
 * FTS5 trigram index (LIKE folds ASCII only, hence the case variants of shorter terms); PostgreSQL
 * from the pg_trgm indexes under ILIKE, the email index asked for an address's part before the '@'
 * only (pgEmailMatch). Terms under three characters have no trigram and scan.
 */
const SEARCH = {
  sqlite: (term: SearchTerm) =>
    term.indexed
      ? sql<boolean>`customers.rid IN (SELECT rowid FROM customers_fts WHERE customers_fts MATCH ${term.ftsPhrase})`
      : sql<boolean>`(${like('email', term.likeVariants)} OR ${like('name', term.likeVariants)})`,
  postgres: (term: SearchTerm) => pgCustomerMatch(term),
};

/** The organization's customers the term matches (the statement searchCustomers counts and pages). */
export function customerSearchFilter(t: TenantDb, term: SearchTerm) {
  return t.selectFrom('customers').where(t.pick(SEARCH)(term));
}

export async function searchCustomers(
  t: TenantDb,
  term: SearchTerm,
  limit: number,
  offset: number,
): Promise<{ rows: CustomerRow[]; total: number }> {
  const filter = customerSearchFilter(t, term);
  const count = await filter.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(count.n);
  if (offset >= total) return { rows: [], total };
  const rows = await filter
    .select(COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total };
}
