import type { Position } from './event-cursor.js';

// One open live stream (GET /events/stream): where it is in the log, which types it wants, and where
// its text goes. It takes an event only when it is after the position it last took, so the same event
// offered twice (by its own catch-up reads, then by the shared feed) is sent once.

/** Log order: PostgreSQL's xid first (a 64-bit number held as text), then seq. */
export function comparePositions(a: Position, b: Position): number {
  if (a.xid !== b.xid) {
    const x = BigInt(a.xid);
    const y = BigInt(b.xid);
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.seq === b.seq ? 0 : a.seq < b.seq ? -1 : 1;
}

/** An ephemeral message (presence): sent to the organization's streams, kept for streams opening until `until`. */
export interface Announcement {
  event: string;
  /** A later announcement with the same key replaces this one. */
  key: string;
  until: number;
  data: Record<string, unknown>;
  /** For streams with a view of their own only (the chat widget's), never sent to the staff streams. */
  internal?: boolean;
}

/** An event of the log as a stream's own view is given it: its id (the sealed cursor), type and stored data. */
export interface LiveEvent {
  id: string;
  type: string;
  /** The event's data as stored (JSON text). */
  data: string;
}

/**
 * A stream's own rendering of what the organization's feed carries (the chat widget's visitor
 * streams): the text to send for an event or an announcement, null for nothing. The stream's position
 * moves past every event all the same, so a resumed stream skips what it skipped before.
 */
export interface StreamView {
  event(event: LiveEvent): string | null;
  announcement(announcement: Announcement): string | null;
}

/** Where a stream's text goes (an HTTP response); the hub never blocks on it. */
export interface StreamOutput {
  write(text: string): void;
  /** Bytes written but not sent yet. */
  buffered(): number;
  /** Resolves at once, or once a full buffer has been sent (or the output is gone). */
  drained(): Promise<void>;
  /** Ends the output; the stream is closed. */
  end(): void;
}

export class Subscriber {
  closed = false;
  constructor(
    readonly organizationId: string,
    readonly types: ReadonlySet<string> | null,
    public position: Position,
    private readonly out: StreamOutput,
    private readonly maxBuffered: number,
    private readonly onClose: (s: Subscriber) => void,
    private readonly view: StreamView | null = null,
  ) {}

  /** One event of the log, in order: taken only when after this stream's position. */
  offer(position: Position, type: string, text: string, event?: LiveEvent): void {
    if (this.closed || comparePositions(position, this.position) <= 0) return;
    this.position = position;
    if (this.view) {
      const own = event ? this.view.event(event) : null;
      if (own !== null) this.send(own);
    } else if (this.types === null || this.types.has(type)) this.send(text);
  }

  /** An announcement (`text`: as the staff streams get it); internal ones reach only streams with a view. */
  announce(announcement: Announcement, text: string): void {
    if (this.view) {
      const own = this.view.announcement(announcement);
      if (own !== null) this.send(own);
    } else if (!announcement.internal) this.send(text);
  }

  /** Text outside the log (pings, presence, reset). A client that does not keep up is dropped. */
  send(text: string): void {
    if (this.closed) return;
    if (this.out.buffered() > this.maxBuffered) {
      this.close();
      return;
    }
    this.out.write(text);
  }

  drained(): Promise<void> {
    return this.out.drained();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.onClose(this);
    this.out.end();
  }
}
