import type { Config } from '../config.js';
import type { LogMessage } from '../shared/thread-log.js';
import type { AttemptOutcome } from './worker.js';

// What the server's thread and its delivery-worker thread say to each other (worker-thread.ts,
// src/worker-thread-entry.ts). Log lines travel as shared/thread-log.ts makes them.

export interface ThreadData {
  config: Config;
  /** The server logger's level: lines below it are not posted at all. */
  logLevel: string;
}

export type ToThread = { type: 'stop' };

export type FromThread =
  | { type: 'started' }
  | LogMessage
  | { type: 'attempts'; counts: Partial<Record<AttemptOutcome, number>> }
  | { type: 'stopped' };
