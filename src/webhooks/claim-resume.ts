// Where a worker's next claim starts reading the queue. The queue index is read in due order, and the
// rows a worker holds (claimed ahead, under way, finished but not yet recorded: up to ~800 at the
// default concurrency) are the oldest due ones and stay in the index, leased, until recorded. From a
// backlog, every claim read past all of them to reach free rows, and so did the walk's check for an
// organization with free rows (delivery-queue-store.ts): on a 2-core machine 0.2 ms per 600 held rows,
// twice per claim of 64. While claims keep filling every free slot, each one resumes where the last one
// ended. Pure: the worker (worker.ts) feeds it the claims' times and results.

/** In this organization, only rows due at or after `from` (epoch ms); every other one from the start. */
export interface ClaimResume {
  organizationId: string;
  from: number;
}

/** What the resume point needs of a claimed row. */
export interface ResumableRow {
  organization_id: string;
  next_attempt_at: number;
}

/**
 * The point after `claimed` (rows grouped by organization, the last group the organization the claim
 * ended with): that organization, at the latest due time claimed there. Rows due at that very time are
 * read again (ties: a few rows).
 */
export function resumeAfter(claimed: readonly ResumableRow[]): ClaimResume | null {
  if (claimed.length === 0) return null;
  const organizationId = claimed[claimed.length - 1].organization_id;
  let from = -Infinity;
  for (const c of claimed)
    if (c.organization_id === organizationId && c.next_attempt_at > from) from = c.next_attempt_at;
  return { organizationId, from };
}

/**
 * A worker's resume point. A claim reads from the start when the last one did not fill its capacity
 * (no backlog: nothing to skip, and what is due may lie anywhere), and at least once per
 * `fromStartEveryMs` (the poll interval): rows can come free behind the point (a lease that ran out, a
 * delivery handed back, a row another worker's claim had locked and then rolled back), and they wait
 * no longer than a poll for it.
 */
export class ClaimResumePoint {
  private point: ClaimResume | null = null;
  private fromStartAt = -Infinity;

  constructor(private readonly fromStartEveryMs: number) {}

  /** Where the claim beginning at `now` (ms) reads from: null for the start of the queue. */
  next(now: number): ClaimResume | null {
    if (this.point === null || now - this.fromStartAt >= this.fromStartEveryMs) {
      this.point = null;
      this.fromStartAt = now;
    }
    return this.point;
  }

  /** A claim of up to `capacity` returned `claimed`: the next one resumes after it if it filled up. */
  claimed(claimed: readonly ResumableRow[], capacity: number): void {
    this.point = claimed.length >= capacity ? resumeAfter(claimed) : null;
  }
}
