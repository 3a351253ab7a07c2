// The public form of a position in the event log: opaque to clients, `evc_` + base64url of
// `1:<xid>:<seq>` (xid is 0 on SQLite, where seq alone orders the log). Pure, unit-tested.

export interface Position {
  /** PostgreSQL xid8 as decimal text ('0' on SQLite and before the first event). */
  xid: string;
  seq: number;
}

export const START: Position = { xid: '0', seq: 0 };

export function encodeCursor(p: Position): string {
  return `evc_${Buffer.from(`1:${p.xid}:${p.seq}`, 'utf8').toString('base64url')}`;
}

/** The position a cursor names, or null when it is not one of ours. */
export function decodeCursor(raw: string): Position | null {
  const m = /^evc_([A-Za-z0-9_-]{1,64})$/.exec(raw);
  if (!m) return null;
  const text = Buffer.from(m[1], 'base64url').toString('utf8');
  // Canonical form only: re-encoding must give the same cursor (no padding or stray bits tolerated).
  const parts = /^1:(0|[1-9]\d{0,19}):(0|[1-9]\d{0,15})$/.exec(text);
  if (!parts || encodeCursor({ xid: parts[1], seq: Number(parts[2]) }) !== raw) return null;
  if (BigInt(parts[1]) >= 2n ** 64n || !Number.isSafeInteger(Number(parts[2]))) return null;
  return { xid: parts[1], seq: Number(parts[2]) };
}
