// Paces the credential lookups of a client address that keeps failing authentication: at most one
// every PACE_MS (after a burst of BURST), each address on its own. A lookup over the pace is refused
// (429) rather than queued, so a flood of random tokens holds no connections open and reaches the
// database at a trickle; a valid key from that address is still looked up whenever a slot is free
// (one lookup is a hash and a primary-key read: far cheaper than what the flood would cost).

export const PACE_MS = 500;
export const BURST = 4;

export interface LookupGate {
  /** null: look up now (a slot is taken); else the milliseconds until the next free slot. */
  admit(address: string, now: number): number | null;
}

export function createLookupGate(options: { maxEntries: number; paceMs?: number; burst?: number }): LookupGate {
  const pace = options.paceMs ?? PACE_MS;
  const burst = options.burst ?? BURST;
  // Per address, the time at which its bucket is full again (a "virtual scheduling" token bucket).
  const fullAt = new Map<string, number>();
  return {
    admit(address, now) {
      const earliest = Math.max(fullAt.get(address) ?? now, now);
      const next = earliest + pace;
      if (next - now > pace * burst) return next - now - pace * burst;
      fullAt.delete(address);
      fullAt.set(address, next);
      if (fullAt.size > options.maxEntries) fullAt.delete(fullAt.keys().next().value!);
      return null;
    },
  };
}
