import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWorker } from '../src/webhooks/worker.js';
import { recordTicketCreated } from './support/fixtures.js';
import { describeEachDialect } from './support/harness.js';
import { silentLogger, startReceiver, type Receiver } from './support/webhook-receiver.js';

// DELETE /webhooks/{id} while the worker records that webhook's attempts. The
// deletion cascades to the webhook's deliveries, which the worker's recording transaction holds while
// it writes the webhook's bookkeeping: on PostgreSQL the two met in opposite orders and the deletion,
// run outside a retrying transaction, answered 500 "deadlock detected". Each try releases a burst of
// held attempts (some failing, so the webhook row is written) and deletes the webhook as they are
// recorded; every deletion must succeed and leave nothing of the webhook behind.

const TRIES = 40;
const BURST = 12;

describeEachDialect(
  'webhook deletion racing the worker',
  (ctx) => {
    let receiver: Receiver;
    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(async () => receiver?.close());

    it(`DELETE /webhooks/{id} as the worker records its attempts: ${TRIES} tries, every one 200, no rows left`, async () => {
      const org = await ctx.createOrg();
      const worker = startWorker({
        database: ctx.database,
        clock: ctx.clock,
        settings: { ...ctx.config.webhooks, concurrency: BURST },
        logger: silentLogger,
      });
      const statuses: number[] = [];
      try {
        for (let i = 0; i < TRIES; i++) {
          receiver.requests.length = 0;
          receiver.respond(() => 'hold');
          const hook = await org.api.post('/api/v1/webhooks', {
            name: `race ${i}`,
            url: `${receiver.url}/race-${i}`,
            events: ['ticket.created'],
          });
          expect(hook.status).toBe(201);
          for (let n = 0; n < BURST; n++) await recordTicketCreated(ctx, org.id, `race-${i}-${n}`);
          await receiver.waitFor(BURST, 20_000);
          // Half the attempts fail: the recording transactions write the webhook row too.
          receiver.respond((_req, n) => ({ status: n % 2 ? 500 : 200 }));
          receiver.release();
          const res = await org.api.delete(`/api/v1/webhooks/${hook.body.data.id}`);
          statuses.push(res.status);
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          const left = await ctx.database.db
            .selectFrom('webhook_deliveries')
            .select('id')
            .where('webhook_id', '=', hook.body.data.id)
            .execute();
          expect(left).toEqual([]);
        }
      } finally {
        receiver.respond(() => ({ status: 200 }));
        receiver.release();
        await worker.stop();
      }
      expect(statuses).toEqual(Array(TRIES).fill(200));
    });
  },
  { env: { WEBHOOK_POLL_INTERVAL_MS: '100', WEBHOOK_TIMEOUT_MS: '5000', WEBHOOK_RETRY_DELAYS_MS: '3600000' } },
);
