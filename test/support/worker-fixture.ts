import { afterAll, afterEach, beforeAll } from 'vitest';
import { startWorker, type WorkerHandle } from '../../src/webhooks/worker.js';
import type { TestContext } from './harness.js';
import { silentLogger, startReceiver, type Receiver } from './webhook-receiver.js';

type WorkerSettings = TestContext['config']['webhooks'];

export interface WorkerFixture {
  /** The suite's receiver (started before the suite's first test). */
  readonly receiver: Receiver;
  /** Starts the worker on the suite's database with the suite's settings, then these over them. */
  start(settings?: Partial<WorkerSettings>): WorkerHandle;
  /** Stops the running worker (it records what has finished), if any. */
  stop(): Promise<void>;
}

/**
 * A webhook receiver for the suite and a worker its tests start. After each test the worker is
 * stopped and the queue emptied (nothing left over is delivered into the next test's receiver), and the
 * receiver forgets what it got and answers 200 again. Call it in the suite's body.
 */
export function workerFixture(ctx: TestContext, defaults: Partial<WorkerSettings> = {}): WorkerFixture {
  let receiver: Receiver | undefined;
  let worker: WorkerHandle | null = null;
  const stop = async () => {
    await worker?.stop();
    worker = null;
  };
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await stop();
    await ctx.database.db.updateTable('webhook_deliveries').set({ next_attempt_at: null }).execute();
    receiver!.requests.length = 0;
    receiver!.respond(() => ({ status: 200 }));
  });
  afterAll(async () => receiver?.close());
  return {
    get receiver() {
      return receiver!;
    },
    start: (settings = {}) =>
      (worker = startWorker({
        database: ctx.database,
        clock: ctx.clock,
        settings: { ...ctx.config.webhooks, ...defaults, ...settings },
        logger: silentLogger,
      })),
    stop,
  };
}
