// Secrets must never reach a log line, an error message or the CLI's output: the
// password part of connection URLs (DATABASE_URL, DATABASE_DIRECT_URL, REDIS_URL), API keys and
// webhook secrets. Messages are built without them where we write them; these functions clean text
// that comes from elsewhere (driver errors, stack traces) before it is printed or logged.

export const REDACTED = '[REDACTED]';

// scheme://user:password@host: the userinfo runs to the last "@" before the path (a password may
// hold "@", "/" or ":" when it is not percent-encoded, as in an invalid URL), so everything from the
// first ":" after the user name up to that "@" is hidden. Hiding too much is harmless; too little is not.
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s:@/"']*):([^\s"']*)@(?=[^\s@"']*(?:[\s"']|$))/gi;
// Tokens the service issues: API keys (hdk_ + base64url) and webhook secrets (whsec_ + hex or base64).
const ISSUED_SECRETS = /\b(hdk_|whsec_)[A-Za-z0-9_+/=-]{8,}/g;
const BEARER = /\b(Bearer\s+)[^\s"',;]+/gi;

/** A connection URL with its password (if any) replaced, for messages: postgres://app:[REDACTED]@db/hd. */
export function redactUrl(url: string): string {
  // Not even a scheme (user:password@host): everything before the host is hidden.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && url.includes('@'))
    return `${REDACTED}@${url.slice(url.lastIndexOf('@') + 1)}`;
  return url.replace(URL_USERINFO, (_m, scheme: string, user: string) => `${scheme}${user}:${REDACTED}@`);
}

/** The passwords of these connection URLs (raw and percent-decoded), to hide wherever they show up. */
export function urlPasswords(urls: (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    const match = /^[a-z][a-z0-9+.-]*:\/\/[^:@/]*:(.*)@[^@]*$/i.exec(url.trim());
    if (!match || match[1] === '') continue;
    out.add(match[1]);
    try {
      out.add(decodeURIComponent(match[1]));
    } catch {
      // not percent-encoded validly: the raw form is enough
    }
  }
  // Very short "passwords" would blank out ordinary words; the URL pattern still hides them in URLs.
  return [...out].filter((p) => p.length >= 4);
}

/** text with URL passwords, bearer tokens, API keys, webhook secrets and the given literal secrets hidden. */
export function redactText(text: string, secrets: readonly string[] = []): string {
  // A password seen in a URL is hidden wherever else the text repeats it, too.
  const seen: string[] = [];
  let out = text.replace(URL_USERINFO, (_m, scheme: string, user: string, password: string) => {
    if (password.length >= 4) seen.push(password);
    return `${scheme}${user}:${REDACTED}@`;
  });
  secrets = [...secrets, ...seen];
  out = out.replace(BEARER, `$1${REDACTED}`).replace(ISSUED_SECRETS, `$1${REDACTED}`);
  for (const secret of secrets) if (secret) out = out.split(secret).join(REDACTED);
  return out;
}

/** Every connection URL password the environment holds (for redactText). */
export function environmentSecrets(env: Record<string, string | undefined> = process.env): string[] {
  return urlPasswords([env.DATABASE_URL, env.DATABASE_DIRECT_URL, env.REDIS_URL]);
}

/**
 * A pino `err` serializer: the error as pino would write it (type, message, stack, own properties,
 * causes), with every string cleaned by redactText. Node's URL errors, for example, carry the whole
 * URL they could not parse in an `input` property.
 */
export function redactingErrorSerializer(secrets: readonly string[]): (err: unknown) => unknown {
  const clean = (value: unknown, depth: number, seen: Set<unknown>): unknown => {
    if (typeof value === 'string') return redactText(value, secrets);
    if (value === null || typeof value !== 'object' || depth > 4 || seen.has(value)) return value;
    seen.add(value);
    if (Array.isArray(value)) return value.map((v) => clean(v, depth + 1, seen));
    const out: Record<string, unknown> = {};
    if (value instanceof Error) {
      out.type = value.constructor?.name ?? 'Error';
      out.message = redactText(value.message, secrets);
      out.stack = value.stack === undefined ? undefined : redactText(value.stack, secrets);
      if (value.cause !== undefined) out.cause = clean(value.cause, depth + 1, seen);
    }
    for (const [key, v] of Object.entries(value)) {
      if (typeof v === 'function') continue;
      out[key] = clean(v, depth + 1, seen);
    }
    return out;
  };
  return (err) => clean(err, 0, new Set());
}
