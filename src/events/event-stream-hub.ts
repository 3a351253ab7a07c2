import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import type { Position } from './event-cursor.js';
import type { EventCursors } from './event-log.js';
import { eventView } from './event-log.js';
import { readEvents, type EventRow } from './event-store.js';
import { LIVE_CHANNEL } from './event-stream-wakeup.js';
import { hasHeldBackEvents } from './event-stream-store.js';
import {
  type Announcement,
  comparePositions,
  type LiveEvent,
  type StreamOutput,
  type StreamView,
  Subscriber,
} from './event-stream-subscriber.js';

export type { Announcement, LiveEvent, StreamView };

// The live event stream's shared half, one per process. Every open stream of an organization is fed
// from ONE read of the log per wake-up (a feed per organization with open streams), fanned out in
// memory; each stream only filters by type. The wake-ups: the notifications sent after every commit
// that appended events (PostgreSQL NOTIFY through the one LISTEN connection; SQLite in-process),
// plus a poll (lost notifications; on SQLite other processes' writes, seen through data_version).
// A stream that starts behind the feed (a resumed cursor) first catches up with reads of its own,
// then joins the feed: no event is sent twice or skipped, because each stream only takes events
// after the position it last took.

export interface EventStreamSettings {
  pingMs: number;
  pollMs: number;
  maxBufferedBytes: number;
}

export interface EventStreamHubDeps {
  database: Pick<DatabaseHandle, 'forOrganization' | 'listen' | 'publish' | 'writesElsewhere'>;
  clock: Clock;
  settings: EventStreamSettings;
  /** Event ids are the log's cursors, sealed for the stream's organization. */
  cursors: Pick<EventCursors, 'sealer'>;
}

/** Events read per statement, by the feeds and by a catching-up stream. */
const PAGE = 200;
/** Re-reads while committed events are held back from readers (PostgreSQL): first delay, ceiling. */
const HELD_RETRY_MS = { first: 20, max: 320 };

type Seal = (organizationId: string, position: Position) => string;

/** An event's message on the staff streams, and the event as a stream's own view takes it. */
function rendered(seal: Seal, organizationId: string, row: EventRow): { text: string; event: LiveEvent } {
  const id = seal(organizationId, { xid: row.xid, seq: row.seq });
  const text = `id: ${id}\nevent: ${row.type}\ndata: ${JSON.stringify(eventView(row))}\n\n`;
  return { text, event: { id, type: row.type, data: row.data } };
}

const PING = ': ping\n\n';

interface Feed {
  organizationId: string;
  position: Position;
  subscribers: Set<Subscriber>;
}

type Retained = Map<string, { until: number; text: string; announcement: Announcement }>;

const announcementText = (a: Announcement) => `event: ${a.event}\ndata: ${JSON.stringify(a.data)}\n\n`;

export function createEventStreamHub({ database, clock, settings, cursors }: EventStreamHubDeps) {
  const feeds = new Map<string, Feed>();
  const open = new Set<Subscriber>();
  // Announcements still in force, per organization with a stream open here, kept apart from the feeds:
  // one made by this process reaches a stream that is still catching up (no feed yet) when it joins.
  const retained = new Map<string, Retained>();
  const openPerOrganization = new Map<string, number>();
  // Marks this process's own notifications: it delivered them already, before publishing.
  const origin = randomUUID();
  let log: (err: unknown, message: string) => void = () => undefined;
  let stopListening: (() => Promise<void>) | null = null;
  let poll: NodeJS.Timeout | null = null;
  let ping: NodeJS.Timeout | null = null;
  let held: NodeJS.Timeout | null = null;
  let heldDelay = HELD_RETRY_MS.first;
  let lastVersion: number | null = null;
  let pumping: Promise<void> | null = null;
  let again = false;

  const onClose = (s: Subscriber) => {
    open.delete(s);
    const left = (openPerOrganization.get(s.organizationId) ?? 1) - 1;
    if (left > 0) openPerOrganization.set(s.organizationId, left);
    else {
      openPerOrganization.delete(s.organizationId);
      retained.delete(s.organizationId);
    }
    const feed = feeds.get(s.organizationId);
    if (feed?.subscribers.delete(s) && feed.subscribers.size === 0) feeds.delete(s.organizationId);
    if (feeds.size === 0) stopFeeding();
    if (open.size === 0 && ping) {
      clearInterval(ping);
      ping = null;
    }
  };

  /** One read per feed per wake-up, coalesced: wake-ups during a pass share one more pass. */
  const nudge = () => {
    if (pumping) {
      again = true;
      return;
    }
    pumping = pumpAll().finally(() => (pumping = null));
  };

  async function pumpAll(): Promise<void> {
    do {
      again = false;
      let heldBack = false;
      for (const feed of [...feeds.values()]) {
        try {
          heldBack = (await pumpFeed(feed)) || heldBack;
        } catch (err) {
          log(err, 'live event stream: reading the event log failed; retrying at the next poll');
        }
      }
      if (heldBack && !held && feeds.size > 0) {
        held = setTimeout(() => {
          held = null;
          nudge();
        }, heldDelay);
        held.unref();
        heldDelay = Math.min(heldDelay * 2, HELD_RETRY_MS.max);
      } else if (!heldBack) heldDelay = HELD_RETRY_MS.first;
    } while (again);
  }

  async function pumpFeed(feed: Feed): Promise<boolean> {
    const t = database.forOrganization(feed.organizationId);
    const seal = await cursors.sealer();
    for (;;) {
      const rows = await readEvents(t, feed.position, PAGE);
      for (const row of rows) {
        const position = { xid: row.xid, seq: row.seq };
        const { text, event } = rendered(seal, feed.organizationId, row);
        for (const s of feed.subscribers) s.offer(position, row.type, text, event);
        feed.position = position;
      }
      if (rows.length < PAGE || feeds.get(feed.organizationId) !== feed) break;
    }
    return hasHeldBackEvents(t);
  }

  function onNotification(payload: string): void {
    if (payload === '') {
      nudge();
      return;
    }
    let message: { o: string; a: Announcement; p?: string };
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    if (message.p !== origin) deliver(message.o, message.a);
  }

  /** Sends an announcement to the organization's joined streams here, and keeps it for those joining. */
  function deliver(organizationId: string, announcement: Announcement): void {
    if (!openPerOrganization.has(organizationId)) return;
    const text = announcementText(announcement);
    let kept = retained.get(organizationId);
    if (!kept) retained.set(organizationId, (kept = new Map()));
    kept.set(announcement.key, { until: announcement.until, text, announcement });
    for (const s of feeds.get(organizationId)?.subscribers ?? []) s.announce(announcement, text);
  }

  function startFeeding(): void {
    if (stopListening) return;
    stopListening = database.listen(LIVE_CHANNEL, onNotification, (err) =>
      log(err, 'live event stream: notification listener connection problem'),
    );
    lastVersion = database.writesElsewhere();
    poll = setInterval(() => {
      // SQLite: only when another process has written; PostgreSQL: always (a lost notification).
      const version = database.writesElsewhere();
      if (version !== null && version === lastVersion) return;
      lastVersion = version;
      nudge();
    }, settings.pollMs);
    poll.unref();
  }

  function stopFeeding(): void {
    const stop = stopListening;
    stopListening = null;
    if (poll) clearInterval(poll);
    if (held) clearTimeout(held);
    poll = held = null;
    void stop?.();
  }

  function startPings(): void {
    if (ping) return;
    ping = setInterval(() => {
      const now = clock();
      for (const kept of retained.values()) {
        for (const [key, entry] of kept) if (entry.until <= now) kept.delete(key);
      }
      for (const s of open) s.send(PING);
    }, settings.pingMs);
    ping.unref();
  }

  /** Reads the stream forward from its position until it has reached its organization's feed, then joins it. */
  async function catchUp(s: Subscriber): Promise<void> {
    const t = database.forOrganization(s.organizationId);
    const seal = await cursors.sealer();
    for (;;) {
      const rows = await readEvents(t, s.position, PAGE);
      if (s.closed) return;
      for (const row of rows) {
        const { text, event } = rendered(seal, s.organizationId, row);
        s.offer({ xid: row.xid, seq: row.seq }, row.type, text, event);
      }
      await s.drained();
      if (s.closed) return;
      if (rows.length === PAGE) continue;
      let feed = feeds.get(s.organizationId);
      if (!feed) {
        feed = { organizationId: s.organizationId, position: s.position, subscribers: new Set() };
        feeds.set(s.organizationId, feed);
        startFeeding();
      } else if (comparePositions(s.position, feed.position) < 0 && rows.length > 0) {
        continue; // the feed has read further than this stream: read up to it first
      }
      // Joined with nothing in between: the feed's next events are after its position, and this stream
      // takes only those after its own (which is at or past the feed's, or the events between are gone).
      feed.subscribers.add(s);
      const now = clock();
      for (const entry of retained.get(s.organizationId)?.values() ?? []) {
        if (entry.until > now) s.announce(entry.announcement, entry.text);
      }
      return;
    }
  }

  return {
    /** Where failures of the shared machinery are reported (the app's logger). */
    setLogger(fn: (err: unknown, message: string) => void) {
      log = fn;
    },

    /**
     * Opens a stream of the organization from `position` (exclusive): it catches up, then follows the
     * log. `first` is sent before any event (the reset notice). With a `view`, the stream sends what the
     * view makes of each event and announcement instead (the chat widget's visitor streams).
     */
    subscribe(
      organizationId: string,
      options: {
        types: ReadonlySet<string> | null;
        position: Position;
        output: StreamOutput;
        first?: string;
        view?: StreamView;
      },
    ): Subscriber {
      const s = new Subscriber(
        organizationId,
        options.types,
        options.position,
        options.output,
        settings.maxBufferedBytes,
        onClose,
        options.view ?? null,
      );
      open.add(s);
      openPerOrganization.set(organizationId, (openPerOrganization.get(organizationId) ?? 0) + 1);
      startPings();
      if (options.first) s.send(options.first);
      catchUp(s).catch((err) => {
        log(err, 'live event stream: catching up failed; the client resumes by Last-Event-ID');
        s.close();
      });
      return s;
    },

    /** Sends an ephemeral message to the organization's open streams in every process (never stored). */
    announce(organizationId: string, announcement: Announcement): Promise<void> {
      deliver(organizationId, announcement);
      return database.publish(LIVE_CHANNEL, JSON.stringify({ o: organizationId, a: announcement, p: origin }));
    },

    /** Streams open in this process (the metrics' gauge). */
    openStreams: () => open.size,

    /** Ends every open stream (shutdown): clients resume by Last-Event-ID, elsewhere or after the restart. */
    closeAll(): void {
      for (const s of [...open]) s.close();
    },
  };
}

export type EventStreamHub = ReturnType<typeof createEventStreamHub>;
