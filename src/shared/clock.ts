/** The current time in epoch milliseconds; injected so tests can move it. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

export const iso = (ms: number): string => new Date(ms).toISOString();

export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms));
