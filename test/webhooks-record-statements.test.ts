import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { ClaimedDelivery } from '../src/webhooks/delivery-claim-store.js';
import { recordAttempts, type FinishedDelivery } from '../src/webhooks/delivery-record-store.js';
import { describeEachDialect } from './support/harness.js';

// Recording a batch writes the deliveries, the webhook's bookkeeping and its history totals in one
// transaction. On PostgreSQL every statement is a round trip (a socket write and a backend's wake-up,
// the dearest part of a short statement on the machines we measure on), and nothing after the
// deliveries' update reads what the other two write: they leave as one statement with the COMMIT, two
// round trips per batch (BEGIN travels with the first).

// Spied on before the pools make their clients (they bind the method when made).
const spy = vi.spyOn(pg.Client.prototype, 'query');
afterAll(() => spy.mockRestore());

const BATCH = 3;

describeEachDialect('recording delivery attempts: statements and what they store', (ctx) => {
  let org: string;
  let webhookId: string;
  // Two batches of first attempts: the first finds the webhook never delivered to, the second as the first left it.
  const batches: FinishedDelivery[][] = [];
  beforeAll(async () => {
    const o = await ctx.createOrg();
    org = o.id;
    const hook = await o.api.post<{ data: { id: string } }>('/api/v1/webhooks', {
      name: 'r',
      url: 'https://hooks.example.com/r',
      events: ['ticket.created'],
    });
    webhookId = hook.body.data.id;
    const ids = Array.from({ length: 2 * BATCH }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    await ctx.database.db
      .insertInto('webhook_deliveries')
      .values(
        ids.map((id, i) => ({
          id,
          organization_id: org,
          webhook_id: webhookId,
          event: 'ticket.created',
          body: '{}',
          created_at: i,
          attempt_count: 0,
          next_attempt_at: i,
          lease_until: 1e15,
          lease_token: 'w',
        })),
      )
      .execute();
    const seen = [
      { failure_count: 0, last_delivery_status: null, last_delivery_at: null },
      { failure_count: 0, last_delivery_status: 'success', last_delivery_at: 5_000 },
    ];
    for (const [b, state] of seen.entries()) {
      batches.push(
        ids.slice(b * BATCH, (b + 1) * BATCH).map((id) => ({
          claimed: {
            id,
            organization_id: org,
            webhook_id: webhookId,
            lease_token: 'w',
            attempt_count: 0,
            ...state,
          } as ClaimedDelivery,
          outcome: { success: true, statusCode: 200, finishedAt: 5_000 + b, nextAttemptAt: null },
        })),
      );
    }
  });

  const total = async () =>
    Number(
      (
        await ctx.database.db
          .selectFrom('webhook_delivery_totals')
          .select('total')
          .where('organization_id', '=', org)
          .where('webhook_id', '=', webhookId)
          .executeTakeFirstOrThrow()
      ).total,
    );

  const record = async (batch: FinishedDelivery[]) => {
    spy.mockClear();
    expect(await recordAttempts(ctx.database.system, batch)).toHaveLength(batch.length);
    return spy.mock.calls.map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text).replace(/\s+/g, ' '));
  };

  const stored = async (batch: FinishedDelivery[]) =>
    ctx.database.db
      .selectFrom('webhook_deliveries')
      .select(['status', 'attempt_count', 'next_attempt_at', 'lease_token'])
      .where('organization_id', '=', org)
      .where(
        'id',
        'in',
        batch.map((f) => f.claimed.id),
      )
      .execute();

  const done = Array.from({ length: BATCH }, () => ({
    status: 'success',
    attempt_count: 1,
    next_attempt_at: null,
    lease_token: null,
  }));
  const writesWithCommit =
    /^\/\* sent with commit \*\/ with "w0" as \(update "webhooks" .*"w1" as \(update "webhook_delivery_totals"/;

  /**
   * Records the batch and checks what it stored: its deliveries done, the webhook's bookkeeping as the
   * first batch set it (the second, within the bookkeeping interval, leaves the row alone), the history
   * totals moved by the batch; returns the statements it ran.
   */
  const recordAndCheck = async (batch: FinishedDelivery[]) => {
    const before = await total();
    const texts = await record(batch);
    expect(await stored(batch)).toEqual(done);
    const hook = await ctx.database.db
      .selectFrom('webhooks')
      .select(['failure_count', 'last_delivery_status', 'last_delivery_at'])
      .where('id', '=', webhookId)
      .executeTakeFirstOrThrow();
    expect(hook).toEqual({ failure_count: 0, last_delivery_status: 'success', last_delivery_at: 5_000 });
    expect((await total()) - before).toBe(BATCH);
    return texts;
  };

  it('a first batch: the deliveries, the webhook it changes (locked first) and the history totals (PostgreSQL: 3 statements)', async () => {
    const texts = await recordAndCheck(batches[0]);
    if (ctx.dialect !== 'postgres') return;
    expect(texts).toEqual([
      expect.stringMatching(/^select "id" from "webhooks" .* for no key update$/),
      expect.stringMatching(/^ ?update webhook_deliveries set status = v\.status/),
      expect.stringMatching(writesWithCommit),
    ]);
  });

  it('a batch that leaves the bookkeeping as it was: the deliveries and the history totals (PostgreSQL: 2 statements)', async () => {
    const texts = await recordAndCheck(batches[1]);
    if (ctx.dialect !== 'postgres') return;
    expect(texts).toEqual([
      expect.stringMatching(/^ ?update webhook_deliveries set status = v\.status/),
      expect.stringMatching(writesWithCommit),
    ]);
  });
});
