// Statements on the SQLite connection run on the event loop, synchronously, and Kysely chains a
// transaction's statements through promises that are already settled: a transaction of many
// statements (a batch of received mail made into tickets, a large import) runs from BEGIN to COMMIT
// in one turn of the event loop, and nothing else is served meanwhile, not even work that needs no
// database (an SMTP conversation's next reply, a health check). So a statement that would run after
// the event loop has been held for `sliceMs` waits for the next turn first: I/O and timers run, then
// the statement. Statements of other callers still queue behind an open transaction (Kysely's one
// connection), so nothing interleaves with it; only the rest of the process gets its turn.

/** How long statements run back to back before the event loop gets a turn. */
export const SLICE_MS = 5;

export interface TurnSlicerOptions {
  sliceMs?: number;
  now?: () => number;
  /** Runs fn on a later turn of the event loop. */
  later?: (fn: () => void) => void;
}

/**
 * Before each statement: null to run it now, or a promise to wait for first (the next turn).
 * A turn begins at the first statement after the previous turn's marker ran.
 */
export function createTurnSlicer({
  sliceMs = SLICE_MS,
  now = () => performance.now(),
  later = setImmediate,
}: TurnSlicerOptions = {}): () => Promise<void> | null {
  let marked = false;
  let turnStartedAt = 0;
  const mark = () => {
    marked = true;
    turnStartedAt = now();
    later(() => {
      marked = false;
    });
  };
  return () => {
    if (!marked) {
      mark();
      return null;
    }
    if (now() - turnStartedAt < sliceMs) return null;
    // The marker was scheduled first, so it has run when this resolves: the statement starts a new turn.
    return new Promise<void>((resolve) => later(resolve)).then(mark);
  };
}
