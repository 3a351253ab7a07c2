import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateThroughDirectUrl } from './db/migrate.js';
import { createContainer } from './container.js';
import { systemClock } from './shared/clock.js';
import type { WorkerHandle } from './webhooks/worker.js';
import { startWorkerThread, threadCanShare } from './webhooks/worker-thread.js';

const IDEMPOTENCY_SWEEP_INTERVAL_MS = 60_000;

export interface ServeOptions {
  /** Run the webhook delivery worker in this process (the default for `npm start`). */
  worker: boolean;
}

export async function serve(config: Config, options: ServeOptions): Promise<void> {
  const database = openDatabase(config.database);
  await migrateThroughDirectUrl(config.database, database);
  const clock = systemClock;

  const container = createContainer({ config, database, clock });
  const created = await container.orgs.bootstrapDefault();
  if (created) {
    // The first administrator is created through this link (valid 24 hours, single use).
    const setupUrl = await container.staffAuth.setupLink(created.organization.id);
    // Printed once, on the first start with an empty database: the only time this token is shown.
    process.stdout.write(
      `${[
        '',
        'Created the default organization and an API key with every scope.',
        `  organization: ${created.organization.id} (${created.organization.name})`,
        `  API key:      ${created.api_key.token}`,
        'Keep this key: it is shown only once. Use it as "Authorization: Bearer <key>".',
        '',
        'Create the first administrator (link valid 24 hours, single use):',
        `  ${setupUrl}`,
        '',
      ].join('\n')}\n`,
    );
  }

  const app = await buildApp(container, { logger: { level: config.logLevel } });
  let worker: WorkerHandle | null = null;
  // Received mail is made into tickets here (stored mail left by a crash included).
  const mailProcessor = container.inbound.startProcessor({ intervalMs: config.mail.processing.intervalMs });
  let smtp: { close(): Promise<void> } | null = null;
  let mailWorker: { stop(): Promise<void> } | null = null;
  let widgetUpkeep: { stop(): Promise<void> } | null = null;
  let imapPoller: { stop(): Promise<void> } | null = null;
  // Expired Idempotency-Keys are deleted by the service itself, in small batches that do not block writers.
  const sweeper = container.idempotency.startSweeper(IDEMPOTENCY_SWEEP_INTERVAL_MS, (err) =>
    app.log.warn({ err }, 'could not delete expired idempotency keys; retrying later'),
  );

  // Long enough for a webhook attempt under way to finish and be recorded.
  closeWithGrace({ delay: config.webhooks.timeoutMs + 5_000, logger: app.log }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    await smtp?.close();
    await imapPoller?.stop();
    await app.close();
    await mailProcessor.stop();
    await sweeper.stop();
    await worker?.stop();
    await mailWorker?.stop();
    await widgetUpkeep?.stop();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  // The server's own connection is the one that writes tickets, messages and customers: on SQLite it
  // merges their search indexes and checkpoints the write-ahead log after its writes, from now on.
  database.startBackgroundUpkeep();
  // The built-in SMTP listener, when SMTP_INBOUND_PORT is set.
  const { smtpInbound, maxMessageBytes } = config.mail;
  if (smtpInbound.port !== null) {
    // Loaded only here: smtp-server and what it brings are not needed without a listener.
    if (!database.oneWriter) {
      // On PostgreSQL in a thread of its own, beside the processing of what it receives
      // (mail/smtp-thread.ts). On SQLite it stays here: both threads' writes would take turns on the
      // file's one write lock, and a second connection and thread cost more than they gave (bench row 15).
      const { startSmtpListenerThread } = await import('./mail/smtp-thread.js');
      const listener = await startSmtpListenerThread({
        config,
        logger: app.log,
        onStored: () => container.inbound.queued(),
      });
      const unsubscribe = container.mailboxes.onChange(listener.mailboxesChanged);
      smtp = {
        async close() {
          unsubscribe();
          await listener.close();
        },
      };
    } else {
      const { startSmtpListener } = await import('./mail/smtp-listener.js');
      smtp = await startSmtpListener({
        inbound: container.inbound,
        host: smtpInbound.host,
        port: smtpInbound.port,
        maxBytes: maxMessageBytes,
        logger: app.log,
      });
    }
  }
  // IMAP polling is a way in, like the listener: it runs with or without --no-worker (each mailbox is
  // polled by one process at a time, whatever their number).
  imapPoller = container.startImapPoller(app.log);
  // The delivery worker runs in a thread of its own, with its own connection, beside the API's requests
  // rather than between them (webhooks/worker-thread.ts); a private in-memory database keeps it here.
  if (options.worker) {
    worker = threadCanShare(config)
      ? startWorkerThread({ config, logger: app.log, onAttempt: container.metrics?.attemptFinished })
      : container.startWorker(app.log);
    // Outbound mail: its worker waits on SMTP servers, not the CPU, so it shares the main thread.
    mailWorker = container.startMailWorker(app.log);
    // The chat widget's follow-up mails and expired sessions: beside the mail worker, for the same reason.
    widgetUpkeep = container.startWidgetUpkeep(app.log);
  }
}
