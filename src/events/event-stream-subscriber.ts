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
  ) {}

  /** One event of the log, in order: taken only when after this stream's position. */
  offer(position: Position, type: string, text: string): void {
    if (this.closed || comparePositions(position, this.position) <= 0) return;
    this.position = position;
    if (this.types === null || this.types.has(type)) this.send(text);
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
