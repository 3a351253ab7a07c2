// Concurrent reads of one organization served by shared statements. GET /tickets/{id} and the list
// pages are the hottest requests, and on PostgreSQL most of their cost is per statement, not per row:
// the round trip (a socket write and read on both sides, waking a backend), binding and starting the
// executor, describing the result. So requests that arrive while their organization already has
// reads running do not each send a statement: they wait, and the next statement serves all of them
// (several tickets by id in one statement; one page read once for every request asking for it).
//
// Why this keeps read-your-writes, across processes too: a request only ever joins a read that has
// NOT been sent yet, so the statement that answers it starts after the request arrived and sees every
// write committed before it (a write that committed before a client sent its request is visible to
// that request). Nothing is kept after the answer: the next request waits for the next statement.
// Tenant scoping: reads are grouped per organization, and each statement is scoped to its group.

export interface ReadBatcherOptions<V, A> {
  /**
   * Reads these keys of one group in one go (with the argument the first request of each key gave);
   * keys missing from the answer resolve to undefined.
   */
  read(group: string, keys: string[], args: A[]): Promise<Map<string, V>>;
  /** Keys given to one read at most (the rest wait for the next one). */
  maxKeys: number;
  /** Reads of one group running at once at most; requests arriving meanwhile wait and share the next. */
  maxInFlight: number;
}

export interface ReadBatcher<V, A> {
  /**
   * The value of key in group, read by a statement that starts after this call. The key must name
   * everything the answer depends on besides the group; arg is what the read needs to produce it.
   */
  load(group: string, key: string, arg: A): Promise<V | undefined>;
}

interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(err: unknown): void;
}

interface Pending<V, A> {
  arg: A;
  waiters: Waiter<V>[];
}

interface Group<V, A> {
  /** Keys not sent yet, each with the requests waiting for it (in arrival order). */
  pending: Map<string, Pending<V, A>>;
  inFlight: number;
  scheduled: boolean;
}

export function createReadBatcher<V, A = undefined>({
  read,
  maxKeys,
  maxInFlight,
}: ReadBatcherOptions<V, A>): ReadBatcher<V, A> {
  const groups = new Map<string, Group<V, A>>();

  // A read is sent on the next turn of the event loop rather than at once: requests whose bytes
  // arrived in the same turn (a burst of clients) are then read by one statement.
  const schedule = (name: string, g: Group<V, A>) => {
    if (g.scheduled || g.pending.size === 0 || g.inFlight >= maxInFlight) return;
    g.scheduled = true;
    setImmediate(() => {
      g.scheduled = false;
      flush(name, g);
    });
  };

  const flush = (name: string, g: Group<V, A>) => {
    while (g.pending.size > 0 && g.inFlight < maxInFlight) {
      const batch: [string, Pending<V, A>][] = [];
      for (const entry of g.pending) {
        batch.push(entry);
        if (batch.length >= maxKeys) break;
      }
      for (const [key] of batch) g.pending.delete(key);
      g.inFlight++;
      // Promise.resolve().then: a read that throws synchronously rejects its waiters like any other failure.
      Promise.resolve()
        .then(() =>
          read(
            name,
            batch.map(([key]) => key),
            batch.map(([, p]) => p.arg),
          ),
        )
        .then(
          (values) => {
            for (const [key, p] of batch) for (const w of p.waiters) w.resolve(values.get(key));
          },
          (err: unknown) => {
            for (const [, p] of batch) for (const w of p.waiters) w.reject(err);
          },
        )
        .finally(() => {
          g.inFlight--;
          if (g.inFlight === 0 && g.pending.size === 0) groups.delete(name);
          else schedule(name, g);
        });
    }
  };

  return {
    load(group, key, arg) {
      let g = groups.get(group);
      if (!g) {
        g = { pending: new Map(), inFlight: 0, scheduled: false };
        groups.set(group, g);
      }
      let p = g.pending.get(key);
      if (!p) {
        p = { arg, waiters: [] };
        g.pending.set(key, p);
      }
      const waiters = p.waiters;
      const answer = new Promise<V | undefined>((resolve, reject) => waiters.push({ resolve, reject }));
      schedule(group, g);
      return answer;
    },
  };
}
