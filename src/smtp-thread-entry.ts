import { parentPort, workerData } from 'node:worker_threads';
import { createMailIntake } from './composition/mail-intake.js';
import { openDatabase } from './db/database.js';
import { startSmtpListener } from './mail/smtp-listener.js';
import type { FromSmtpThread, SmtpThreadData, ToSmtpThread } from './mail/smtp-thread.js';
import { systemClock } from './shared/clock.js';
import { postingLogger } from './shared/thread-log.js';

// The thread side of the server's SMTP listener (mail/smtp-thread.ts starts it; an entry point like
// server.ts, as it builds its part of the composition root): the same listener and the same storing of received
// mail as on the server's thread, on a connection of its own. After each group of stored mail it
// tells the server's thread, whose processor makes the tickets; this thread processes nothing.

const port = parentPort!;
const { config, logLevel } = workerData as SmtpThreadData;
const post = (message: FromSmtpThread) => port.postMessage(message);
const logger = postingLogger(logLevel, post);

// Its own connection: a small pool (group commits for more than one organization at once, and
// routing's reads). `serve` starts this thread on PostgreSQL only; on SQLite it would be a second
// connection to the same file (writers take turns on the write lock, waiting off the event loop),
// with a small page cache, the server's reader threads checkpointing the write-ahead log.
const database = openDatabase(config.database, {
  poolSize: 4,
  sqliteCacheKib: 2_000,
  sqliteCheckpointsElsewhere: true,
});
// Only what receiving needs (composition/mail-intake.ts): not the whole container, which would load every
// domain's code a second time in this thread.
const intake = createMailIntake({ config, database, clock: systemClock });
const { mailboxes } = intake;
const inbound = intake.receivingOnly();

// One message per turn of the event loop, however many were stored in it: the server's processor
// gathers what arrives over a few milliseconds anyway.
let told = false;
const tellStored = () => {
  if (told) return;
  told = true;
  setImmediate(() => {
    told = false;
    post({ type: 'stored' });
  });
};

const smtp = await startSmtpListener({
  inbound: {
    mailboxFor: (address) => inbound.mailboxFor(address),
    async storeRawMessage(input) {
      const stored = await inbound.storeRawMessage(input);
      if (!stored.duplicate) tellStored();
      return stored;
    },
  },
  host: config.mail.smtpInbound.host,
  port: config.mail.smtpInbound.port!,
  maxBytes: config.mail.maxMessageBytes,
  logger,
});

let stopping: Promise<void> | null = null;
port.on('message', (message: ToSmtpThread) => {
  if (message.type === 'mailboxes-changed') return mailboxes.forgetCached();
  if (message.type !== 'stop' || stopping) return;
  stopping = (async () => {
    try {
      await smtp.close();
      await database.close();
    } finally {
      post({ type: 'stopped' });
      // Nothing is left to keep the thread alive: it exits.
      port.close();
    }
  })();
});
post({ type: 'started', port: smtp.port });
