// How the service tells database errors apart, on both engines (SQLSTATE codes on PostgreSQL, driver
// codes on SQLite): re-exported by database.ts, the module callers import.

// Socket errors, PostgreSQL's connection exceptions (class 08), query canceled by statement_timeout,
// administrator/crash shutdown, cannot connect now, too many connections.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Query read timeout|Connection terminated|not queryable|Client was closed|database ping timed out/i;

/** True when err says the database cannot be reached or did not answer in time (not a bug of ours). */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  if (!e) return false;
  return UNAVAILABLE_CODES.has(e.code ?? '') || UNAVAILABLE_MESSAGES.test(e.message ?? '');
}

/** True when err is a unique-constraint violation on either engine. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | undefined;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** True when err is a foreign-key violation on either engine. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string } | undefined;
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * True when PostgreSQL could not read a parameter as its column's type (22P02), e.g. an id that is not
 * a UUID compared with a uuid column. Inputs are validated before they reach a query; this is the net
 * that keeps one that slipped through a 400 instead of a 500.
 */
export function isMalformedValue(err: unknown): boolean {
  return (err as { code?: string } | undefined)?.code === '22P02';
}
