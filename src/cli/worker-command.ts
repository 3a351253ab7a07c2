import closeWithGrace from 'close-with-grace';
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { systemClock } from '../shared/clock.js';
import { startWorker, type WorkerLogger } from '../webhooks/worker.js';

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];

/** A JSON-lines logger on stderr in the same spirit as the API's, without pulling in a logging library. */
function jsonLogger(level: string): WorkerLogger {
  const threshold = level === 'silent' ? Infinity : LEVELS.indexOf(level);
  const at = (name: string) => (obj: object | string, msg?: string) => {
    if (LEVELS.indexOf(name) < threshold) return;
    const fields = typeof obj === 'string' ? { msg: obj } : { ...obj, msg };
    if ('err' in fields && fields.err instanceof Error) fields.err = { message: fields.err.message, stack: fields.err.stack } as never;
    process.stderr.write(JSON.stringify({ level: name, time: new Date().toISOString(), pid: process.pid, ...fields }) + '\n');
  };
  return { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };
}

/** Adds the `worker` command (a process that only delivers webhooks). */
export function registerWorkerCommand(program: Command): void {
  program
    .command('worker')
    .description('run only the webhook delivery worker (any number may run against one PostgreSQL database)')
    .action(async () => {
      const config = loadConfig();
      const logger = jsonLogger(config.logLevel);
      const database = openDatabase(config.database, { poolSize: Math.min(10, config.webhooks.concurrency + 2) });
      await migrateToLatest(database);
      const worker = startWorker({ database, clock: systemClock, settings: config.webhooks, logger });
      // On SIGINT/SIGTERM: stop claiming, let attempts under way record their outcome, then close.
      closeWithGrace({ delay: config.webhooks.timeoutMs + 5_000 }, async ({ err, signal }) => {
        if (err) logger.error({ err }, 'worker shutting down after an error');
        else logger.info({ signal }, 'worker shutting down');
        await worker.stop();
        await database.close();
      });
    });
}
