import { sql } from 'kysely';
import { newId } from '../../src/shared/ids.js';
import type { Api } from './api.js';
import { countRows } from './fixtures.js';
import type { TestContext } from './harness.js';

// Seeds for the ticket tests. Users, teams and tags are inserted directly: their management routes
// belong to another domain.

export async function seedUser(
  ctx: TestContext,
  organizationId: string,
  user: { id?: string; name?: string; email?: string } = {},
) {
  const id = user.id ?? `user-${newId().slice(0, 8)}`;
  const email = user.email ?? `${id}@staff.example`;
  const row = { id, name: user.name ?? `Agent ${id}`, email };
  await ctx.database.db
    .insertInto('users')
    .values({
      ...row,
      organization_id: organizationId,
      email_key: email.toLowerCase(),
      role: 'agent',
      created_at: 0,
      updated_at: 0,
    })
    .execute();
  return row;
}

export async function seedTeam(ctx: TestContext, organizationId: string, name = 'Support') {
  const row = { id: newId(), name };
  await ctx.database.db
    .insertInto('teams')
    .values({ ...row, organization_id: organizationId, created_at: 0, updated_at: 0 })
    .execute();
  return row;
}

export async function seedTag(ctx: TestContext, organizationId: string, name: string, color = '#ff0000') {
  const row = { id: newId(), name, color };
  await ctx.database.db
    .insertInto('tags')
    .values({ ...row, organization_id: organizationId, name_key: name.toLowerCase(), created_at: 0, updated_at: 0 })
    .execute();
  return row;
}

export function ticketBody(overrides: Record<string, unknown> = {}) {
  return {
    subject: 'Printer on fire',
    message: 'It started smoking this morning.',
    customer: { email: 'ann@example.com', name: 'Ann Smith' },
    ...overrides,
  };
}

/** POST /tickets with ticketBody(overrides); the raw response. */
export const postTicket = (http: Api, overrides: Record<string, unknown> = {}) =>
  http.post('/api/v1/tickets', ticketBody(overrides));

/** Creates a ticket through the API and returns its body.data (fails the test on a non-201). */
export async function createTicket(http: Api, overrides: Record<string, unknown> = {}) {
  const res = await postTicket(http, overrides);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Row counts that a rejected write must leave unchanged. */
export async function storedState(ctx: TestContext, organizationId: string) {
  const db = ctx.database.db;
  const count = (table: 'tickets' | 'messages' | 'customers' | 'ticket_tags') => countRows(ctx, table, organizationId);
  const seq = await db
    .selectFrom('organization_counters')
    .select('ticket_seq')
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  // A bucket's total is the sum of its stripes (db/counter-stripes.ts).
  const buckets = await db
    .selectFrom('ticket_counts')
    .select(['status', 'priority', sql<number>`sum(count)`.as('count')])
    .where('organization_id', '=', organizationId)
    .groupBy(['status', 'priority'])
    .having(sql<number>`sum(count)`, '<>', 0)
    .orderBy('status')
    .orderBy('priority')
    .execute();
  return {
    tickets: await count('tickets'),
    messages: await count('messages'),
    customers: await count('customers'),
    ticket_tags: await count('ticket_tags'),
    ticket_seq: Number(seq.ticket_seq),
    buckets: buckets.map((b) => `${b.status}/${b.priority}=${Number(b.count)}`),
  };
}

/** ticket_counts must always equal a real count of the organization's tickets. */
export async function assertBucketsExact(ctx: TestContext, organizationId: string) {
  const real = await ctx.database.db
    .selectFrom('tickets')
    .select(['status', 'priority', (eb) => eb.fn.countAll<number>().as('n')])
    .where('organization_id', '=', organizationId)
    .groupBy(['status', 'priority'])
    .orderBy('status')
    .orderBy('priority')
    .execute();
  const state = await storedState(ctx, organizationId);
  return { buckets: state.buckets, real: real.map((r) => `${r.status}/${r.priority}=${Number(r.n)}`) };
}
