import type { ImapFlowOptions } from 'imapflow';
import type { ImapSettings } from './mailbox-service.js';

// One IMAP connection of the poller (imapflow): log in, select the folder, take every unseen message,
// then wait for the next pass, which comes at the poll interval or as soon as the server reports new
// mail while the connection idles (IDLE, where the server has it; imapflow falls back to NOOP). Each
// message is handed to `store` and flagged \Seen only once that has resolved, that is once it is
// durably stored: a crash or a lost connection in between leaves it unseen, and the next pass stores
// it again, which the Message-ID makes a no-op. Messages are read with BODY.PEEK, which sets no flag.

export interface ImapAccount extends ImapSettings {
  password: string;
}

export interface ConnectionHooks {
  /** Stores one raw message durably; the message is flagged \Seen only after this resolves. */
  store(raw: Buffer): Promise<void>;
  /** After every complete pass over the folder (the mailbox is reachable and its mail taken). */
  polled(): Promise<void>;
  /** A message over the size limit: left unseen in the folder and not fetched again by this connection. */
  skipped(uid: number, size: number): void;
  pollMs: number;
  maxBytes: number;
  /** Aborted to end the connection (stopping, or new settings): the promise then resolves. */
  signal: AbortSignal;
}

/** How long the connection may be quiet before it idles (short: new mail is reported only while idling). */
const AUTO_IDLE_MS = 1_000;

/** imapflow's options for the account. The password goes only to the server, never to a log. */
export function clientOptions(account: ImapAccount): ImapFlowOptions {
  return {
    host: account.host,
    port: account.port,
    secure: account.tls === 'implicit',
    // STARTTLS is required when asked for; with "none" the connection stays in clear text.
    doSTARTTLS: account.tls === 'starttls' ? true : account.tls === 'none' ? false : undefined,
    auth: { user: account.username, pass: account.password },
    logger: false,
    disableBinary: true,
    autoIdleDelay: AUTO_IDLE_MS,
    connectionTimeout: 30_000,
    greetingTimeout: 16_000,
    socketTimeout: 5 * 60_000,
  };
}

/** Runs one connection until `hooks.signal` is aborted (resolves) or the connection fails (rejects). */
export async function runImapConnection(account: ImapAccount, hooks: ConnectionHooks): Promise<void> {
  // Loaded on the first connection: processes polling no mailbox (and the delivery thread) never hold it.
  const { ImapFlow } = await import('imapflow');
  const client = new ImapFlow(clientOptions(account));
  let failure: Error | null = null;
  let pending = false;
  let resolveWait: (() => void) | null = null;
  const wake = () => {
    pending = true;
    resolveWait?.();
  };
  // An 'error' without a listener would end the process: every error is this connection's failure.
  client.on('error', (err: Error) => {
    failure ??= err;
    wake();
  });
  client.on('close', () => {
    failure ??= new Error('the connection to the IMAP server was closed');
    wake();
  });
  client.on('exists', wake);
  // Stopping ends the connection at once, even mid-login or mid-fetch: what was not flagged \Seen yet
  // is taken again by the next connection.
  const abort = () => {
    wake();
    client.close();
  };
  hooks.signal.addEventListener('abort', abort);
  const skipped = new Set<number>();

  const waitForNextPass = () =>
    new Promise<void>((resolve) => {
      if (pending || hooks.signal.aborted) return resolve();
      const timer = setTimeout(resolve, hooks.pollMs);
      resolveWait = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      resolveWait = null;
    });

  async function takeUnseen(): Promise<void> {
    const uids = await client.search({ seen: false }, { uid: true });
    if (uids === false) throw new Error(`the server refused to search ${account.folder} for unseen mail`);
    for (const uid of uids ?? []) {
      if (hooks.signal.aborted || failure) return;
      if (skipped.has(uid)) continue;
      const range = String(uid);
      const head = await client.fetchOne(range, { uid: true, size: true }, { uid: true });
      if (!head) continue; // expunged meanwhile
      if ((head.size ?? 0) > hooks.maxBytes) {
        skipped.add(uid);
        hooks.skipped(uid, head.size ?? 0);
        continue;
      }
      const message = await client.fetchOne(range, { uid: true, source: true }, { uid: true });
      const source = message ? message.source : undefined;
      if (!source) continue;
      await hooks.store(source);
      await client.messageFlagsAdd(range, ['\\Seen'], { uid: true });
    }
  }

  try {
    if (hooks.signal.aborted) return;
    await client.connect();
    await client.mailboxOpen(account.folder);
    while (!hooks.signal.aborted) {
      pending = false;
      await takeUnseen();
      if (failure) throw failure;
      if (hooks.signal.aborted) break;
      await hooks.polled();
      await waitForNextPass();
      if (failure && !hooks.signal.aborted) throw failure;
    }
  } catch (err) {
    if (!hooks.signal.aborted) throw err;
  } finally {
    hooks.signal.removeEventListener('abort', abort);
    client.removeAllListeners('exists');
    // Any later error of the closing socket has a listener still (the one above).
    client.close();
  }
}
