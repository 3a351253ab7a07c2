import closeWithGrace from 'close-with-grace';
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateThroughDirectUrl } from '../db/migrate.js';
import { systemClock } from '../shared/clock.js';
import { lowerProcessPriority } from '../shared/cpu-priority.js';
import { pino } from 'pino';
import { createContainer } from '../container.js';
import { releaseYoungGeneration } from './heap-flags.js';
import { environmentSecrets, redactingErrorSerializer } from '../shared/redact.js';
import type { WorkerLogger } from '../webhooks/worker.js';

/** JSON lines on stderr, like the API's logs (pino), at the configured level; errors cleaned of secrets. */
const workerLogger = (level: string): WorkerLogger =>
  pino(
    { level, base: { pid: process.pid }, serializers: { err: redactingErrorSerializer(environmentSecrets()) } },
    pino.destination(2),
  );

/** Adds the `worker` command: background work only (webhooks, outbound mail, IMAP polling). */
export function registerWorkerCommand(program: Command): void {
  program
    .command('worker')
    .description(
      'run only background work: webhook deliveries, outbound mail, IMAP polling (any number may run against one PostgreSQL database)',
    )
    .action(async () => {
      // Held while the CLI loaded (heap-flags.ts); a worker's deliveries may use what V8 would give them.
      releaseYoungGeneration();
      const config = loadConfig();
      const logger = workerLogger(config.logLevel);
      // Background work: at WEBHOOK_WORKER_NICE > 0 (default 0, no change) the API's requests on the same
      // machine get the CPU first (cpu-priority.ts).
      const priority = lowerProcessPriority(config.webhooks.nice);
      if (priority.error)
        logger.warn(
          { err: priority.error, nice: config.webhooks.nice },
          'worker could not lower its CPU priority; running at the one it has',
        );
      const database = openDatabase(config.database, { poolSize: Math.min(10, config.webhooks.concurrency + 2) });
      await migrateThroughDirectUrl(config.database, database);
      // A worker process serves no HTTP, so no one could read its metrics: it builds none (prom-client's
      // default metrics alone observe every garbage collection and sample the event loop).
      const container = createContainer({ config: { ...config, metricsEnabled: false }, database, clock: systemClock });
      let worker: { stop(): Promise<void> } | null = null;
      let mailWorker: { stop(): Promise<void> } | null = null;
      let widgetUpkeep: { stop(): Promise<void> } | null = null;
      let imapPoller: { stop(): Promise<void> } | null = null;
      let mailProcessor: { stop(): Promise<void> } | null = null;
      // On SIGINT/SIGTERM: stop claiming, let attempts under way record their outcome, then close. Taken
      // over before the worker starts (and logs that it has): until a listener exists, Node's own handler
      // ends the process at a signal, without the drain.
      closeWithGrace({ delay: config.webhooks.timeoutMs + 5_000 }, async ({ err, signal }) => {
        if (err) logger.error({ err }, 'worker shutting down after an error');
        else logger.info({ signal }, 'worker shutting down');
        await worker?.stop();
        await mailWorker?.stop();
        await widgetUpkeep?.stop();
        await imapPoller?.stop();
        await mailProcessor?.stop();
        await database.close();
      });
      worker = container.startWorker(logger);
      mailWorker = container.startMailWorker(logger);
      widgetUpkeep = container.startWidgetUpkeep(logger);
      // Polled mail is made into tickets here too (the queue's leases share it with the servers).
      mailProcessor = container.inbound.startProcessor({ intervalMs: config.mail.processing.intervalMs });
      imapPoller = container.startImapPoller(logger);
    });
}
