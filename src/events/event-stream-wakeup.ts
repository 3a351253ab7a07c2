import type { EventLog } from './event-log.js';

// The live stream's wake-ups: every transaction that appends an event to the log asks for one, sent
// once it has committed (nothing on rollback), coalesced per process (db/notifications.ts). Ephemeral
// messages (presence) travel on the same channel with a payload, so a process listens once.

export const LIVE_CHANNEL = 'helpdesk_live_events';

/** The log as the outbox appends to it, also waking the streams of every process after the commit. */
export function withLiveWakeups<L extends Pick<EventLog, 'appendQuery'>>(log: L): L {
  return {
    ...log,
    appendQuery(t, event) {
      void t.notify(LIVE_CHANNEL);
      return log.appendQuery(t, event);
    },
  };
}
