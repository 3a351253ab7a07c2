import { sql } from 'kysely';
import { isUniqueViolation, type Dialect, type Executor } from '../db/database.js';
import type { CustomerTable } from '../db/schema.js';
import type { SearchTerm } from '../shared/search-term.js';
import { emailKey } from '../shared/ids.js';

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

export { emailKey };

export function findCustomer(db: Executor, organizationId: string, id: string): Promise<CustomerRow | undefined> {
  return db
    .selectFrom('customers')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** Locks the customer row for the rest of the transaction (PostgreSQL); false when there is none. */
export async function lockCustomer(db: Executor, dialect: Dialect, organizationId: string, id: string): Promise<boolean> {
  let q = db.selectFrom('customers').select('id').where('id', '=', id).where('organization_id', '=', organizationId);
  if (dialect === 'postgres') q = q.forUpdate();
  return (await q.executeTakeFirst()) !== undefined;
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
export async function updateCustomer(db: Executor, organizationId: string, id: string, patch: CustomerPatch): Promise<boolean> {
  try {
    await db.updateTable('customers').set(patch).where('id', '=', id).where('organization_id', '=', organizationId).execute();
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Deletes a customer; its tickets, their messages and tag links go with it (foreign-key cascades). */
export async function deleteCustomer(db: Executor, organizationId: string, id: string): Promise<void> {
  await db.deleteFrom('customers').where('id', '=', id).where('organization_id', '=', organizationId).execute();
  await bumpCustomerCount(db, organizationId, -1);
}

export async function countAllCustomers(db: Executor, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('organization_counters')
    .select('customer_count')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return Number(row?.customer_count ?? 0);
}

export function listCustomers(db: Executor, organizationId: string, limit: number, offset: number): Promise<CustomerRow[]> {
  return db
    .selectFrom('customers')
    .select(COLUMNS)
    .where('organization_id', '=', organizationId)
    .orderBy('rid', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * Customers whose email or name contains the term, case-insensitively. SQLite answers terms of three
 * characters or more from the FTS5 trigram index; PostgreSQL from the pg_trgm indexes. Shorter terms
 * cannot use a trigram index and fall back to a scan of the organization's customers.
 */
function searchFilter(db: Executor, dialect: Dialect, organizationId: string, term: SearchTerm) {
  const base = db.selectFrom('customers').where('organization_id', '=', organizationId);
  if (dialect === 'postgres') {
    const pattern = term.likePattern;
    return base.where(sql<boolean>`(email ILIKE ${pattern} ESCAPE '\\' OR name ILIKE ${pattern} ESCAPE '\\')`);
  }
  if (term.indexed) {
    return base.where('rid', 'in', sql<number>`(SELECT rowid FROM customers_fts WHERE customers_fts MATCH ${term.ftsPhrase})`);
  }
  const like = (column: string) =>
    sql.join(term.likeVariants.map((p) => sql`${sql.ref(column)} LIKE ${p} ESCAPE '\\'`), sql` OR `);
  return base.where(sql<boolean>`(${like('email')} OR ${like('name')})`);
}

export async function searchCustomers(
  db: Executor,
  dialect: Dialect,
  organizationId: string,
  term: SearchTerm,
  limit: number,
  offset: number,
): Promise<{ rows: CustomerRow[]; total: number }> {
  const filter = searchFilter(db, dialect, organizationId, term);
  const count = await filter.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(count.n);
  if (offset >= total) return { rows: [], total };
  const rows = await filter.select(COLUMNS).orderBy('rid', 'desc').limit(limit).offset(offset).execute();
  return { rows, total };
}
