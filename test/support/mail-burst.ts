import { afterEach, expect, vi } from 'vitest';
import { logSettled } from './event-log.js';
import type { TestContext, TestOrg } from './harness.js';
import type { TestMailbox } from './mail-fixtures.js';

// Bursts of received mail for the tests of batch application: stored one after another (so the
// order they are claimed in is known), then processed by one run of the processor.

export interface BurstItem {
  box: TestMailbox;
  raw: string | Buffer;
  recipient?: string;
}

/** Stores the messages in order, then processes the queue once: they are claimed together. */
export async function processBurst(ctx: TestContext, items: readonly BurstItem[]): Promise<void> {
  for (const { box, raw, recipient } of items) {
    const stored = await ctx.container.inbound.storeRawMessage({
      organizationId: box.org.id,
      mailboxId: box.id,
      raw: typeof raw === 'string' ? Buffer.from(raw) : raw,
      source: 'smtp',
      recipient: recipient ?? null,
    });
    expect(stored.duplicate).toBe(false);
  }
  await ctx.container.inbound.processQueued();
}

/** Each message processed alone (one run of the processor each): the one-by-one path. */
export async function processAlone(ctx: TestContext, items: readonly BurstItem[]): Promise<void> {
  for (const item of items) await processBurst(ctx, [item]);
}

/** The inbound rows of the mailboxes in the order the processor claims them (received, then id). */
export async function claimedRows(ctx: TestContext, mailboxIds: string[]) {
  const rows = await ctx.database.db
    .selectFrom('inbound_emails')
    .selectAll()
    .where('mailbox_id', 'in', mailboxIds)
    .execute();
  return rows.sort((a, b) => Number(a.received_at) - Number(b.received_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** What a ticket is apart from its ids, number and times: equal for the same mail however applied. */
export function ticketShape(ticket: any) {
  const { id: _i, ticket_number: _n, created_at: _c, updated_at: _u, customer, messages, ...rest } = ticket;
  const { id: _ci, ...who } = customer;
  return {
    ...rest,
    customer: who,
    messages: messages.map(({ id: _mi, created_at: _mc, author, ...m }: any) => ({
      ...m,
      author: author ? { type: author.type, email: author.email, name: author.name } : null,
    })),
  };
}

/** The calls of the ticket service's creates during a test: the batch create's inputs, and single creates. */
export function spyCreates(ctx: TestContext) {
  const many = vi.spyOn(ctx.container.tickets, 'createMany');
  const one = vi.spyOn(ctx.container.tickets, 'create');
  return {
    /** Each batch create's subjects, in the order given. */
    batches: () => many.mock.calls.map(([, inputs]) => inputs.map((i) => i.subject)),
    batchResults: () => Promise.all(many.mock.results.map((r) => r.value)),
    singles: () => one.mock.calls.map(([, input]) => input.subject),
    restore() {
      many.mockRestore();
      one.mockRestore();
    },
  };
}

export async function postCustomer(org: TestOrg, email: string, name: string): Promise<string> {
  const res = await org.api.post('/api/v1/customers', { email, name });
  if (res.status !== 201) throw new Error(`customer: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

export const messageIdRows = (ctx: TestContext, organizationId: string) =>
  ctx.database.db
    .selectFrom('mail_message_ids')
    .select(['message_id', 'ticket_id', 'direction'])
    .where('organization_id', '=', organizationId)
    .execute();

/**
 * For a suite's body: spies on the ticket service's creates (restored after each test), and readers of
 * an organization's ticket usage and event log.
 */
export function burstSuite(ctx: TestContext) {
  let spy: ReturnType<typeof spyCreates> | null = null;
  afterEach(() => {
    spy?.restore();
    spy = null;
  });
  return {
    creates() {
      spy = spyCreates(ctx);
      return spy;
    },
    usage: async (org: TestOrg) => (await org.api.get('/api/v1/billing/usage')).body.data.tickets,
    /** The organization's events (of one type), once everything committed so far is readable. */
    async events(org: TestOrg, type?: string) {
      await logSettled(ctx);
      const res = await org.api.get(`/api/v1/events?limit=1000${type ? `&type=${type}` : ''}`);
      expect(res.status).toBe(200);
      return res.body.data as { type: string; data: any }[];
    },
  };
}
