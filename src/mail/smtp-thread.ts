import type { Config } from '../config.js';
import { spawnModuleThread, superviseThread, type RestartBackoff } from '../shared/supervised-thread.js';
import { threadResourceLimits } from '../shared/thread-heap.js';
import { writeLog, type LogLevel, type LogMessage } from '../shared/thread-log.js';

// The built-in SMTP listener (smtp-listener.ts) in a worker thread of the server, with its own
// connection to the database (on PostgreSQL; on SQLite `serve` keeps it on its own thread: both
// threads' writes would take turns on the file's one write lock, and the second connection and
// thread cost a quarter more CPU per mail and 33 MB for no more mail). On the server's event loop
// each SMTP command's answer, and the commit of each group of received mail, waited behind whatever
// else the loop was running: above all the processing of the mail received before (parsing results,
// ticket creation, its statements). Under a steady stream of mail the senders spent most of their
// time waiting for those answers, and the two cores sat a quarter idle. In a thread, receiving runs beside processing: the thread stores each
// message as before (group commit, 250 only once it is committed), then tells the server's thread,
// whose processor makes the tickets. Bench row 15 measures it.
//
// The thread routes mail with a mailbox cache of its own: the server's thread tells it of every
// change of mailboxes made in this process, so it never routes by a mailbox changed here; changes
// made by another process are seen once the entry expires, as in any other process. A thread that
// dies is started again (shared/supervised-thread.ts): mail under way on its connections was not
// answered 250, so the senders keep it and try again.

export interface SmtpThreadData {
  config: Config;
  /** The server logger's level: lines below it are not posted at all. */
  logLevel: string;
}

export type ToSmtpThread = { type: 'stop' } | { type: 'mailboxes-changed' };
export type FromSmtpThread = { type: 'started'; port: number } | { type: 'stored' } | LogMessage | { type: 'stopped' };

export interface SmtpThreadOptions {
  config: Config;
  /** The server's logger: the thread's lines are written through it, at its level. */
  logger: Record<LogLevel, (obj: object, msg?: string) => void> & { level?: string };
  /** Mail was stored and queued by the thread: the server's processor is to look at the queue. */
  onStored(): void;
  restart?: RestartBackoff;
}

/**
 * The thread's heap: received mail arrives as Buffers, outside V8's heap, and what the thread keeps of
 * each message is short-lived: a small young generation keeps its share of the server's memory down
 * (4 MB: 9 MB less than 8 at the server's peak, for as many mails).
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 4 };
/** A connection's mail under way, and the pool's close: smtp-server gives open connections 30 s. */
const STOP_TIMEOUT_MS = 35_000;

/**
 * Starts the listener's thread; resolves once it listens on SMTP_INBOUND_PORT, rejects if the first
 * thread cannot (the port is taken, the database cannot be opened): the server does not start then.
 */
export async function startSmtpListenerThread({ config, logger, onStored, restart }: SmtpThreadOptions) {
  const data: SmtpThreadData = { config, logLevel: typeof logger.level === 'string' ? logger.level : config.logLevel };
  // The thread's module is an entry point at the top of src/, beside server.ts: it builds its part of the
  // composition root (composition/mail-intake.ts).
  let port = 0;
  const thread = superviseThread<FromSmtpThread>({
    spawn: () =>
      spawnModuleThread('../smtp-thread-entry', import.meta.url, {
        workerData: data,
        name: 'smtp-listener',
        resourceLimits: threadResourceLimits(THREAD_LIMITS),
      }),
    onMessage(message) {
      if (message.type === 'started') port = message.port;
      else if (message.type === 'stored') onStored();
      else if (message.type === 'log') writeLog(logger, message);
    },
    logger,
    died: {
      what: 'SMTP listener thread',
      line: 'SMTP listener thread died; starting a new one (senders of mail it had not acknowledged send it again)',
    },
    restart,
    retryFirstStart: false,
    stop: { message: { type: 'stop' } satisfies ToSmtpThread, timeoutMs: STOP_TIMEOUT_MS },
  });
  try {
    await thread.started;
  } catch (err) {
    await thread.stop();
    throw err;
  }
  return {
    /** The port it listens on (SMTP_INBOUND_PORT, or the one the system chose for 0). */
    get port() {
      return port;
    },
    /** Mailboxes were changed in this process: the thread forgets the routes it has cached. */
    mailboxesChanged: () => thread.post({ type: 'mailboxes-changed' } satisfies ToSmtpThread),
    /** Stops accepting, lets the mail under way be stored and answered, and ends the thread. */
    close: () => thread.stop(),
  };
}
