// How much received mail one claim takes into memory. A claim reads its messages' bytes with their
// rows (all but the large ones, which are kept as files and read one at a time when processed), and
// its batch holds them, parsed, until it commits: a count alone would let a run of large messages
// take a claim's worth of the largest size kept in a row.

/**
 * The first of `due` (oldest first) whose bytes kept in their rows add up to at most `budget`, and
 * never fewer than one. A message kept as a file (raw_key set) costs the claim nothing.
 */
export function withinBudget<R extends { size: number | string; raw_key: string | null }>(
  due: readonly R[],
  budget: number,
): R[] {
  let bytes = 0;
  let n = 0;
  for (const row of due) {
    if (row.raw_key === null) bytes += Number(row.size);
    if (n > 0 && bytes > budget) break;
    n++;
  }
  return due.slice(0, n);
}
