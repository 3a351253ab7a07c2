import { validationError } from '../shared/errors.js';

// The origins a widget may run on, as a browser sends them in the Origin header: a scheme (http or
// https), a host and a port when it is not the default, nothing else. Stored in that normal form
// (lower case, no default port, no trailing slash), so a check is an exact string comparison. No
// wildcards: each site is listed, which keeps the rule obvious to whoever reads the widget's settings.

/** The origin in normal form, or null when the text is not exactly an http(s) origin. */
export function normalizeOrigin(raw: string): string | null {
  const text = raw.trim().replace(/\/$/, '');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    return null;
  }
  // URL parsing lets through host names no browser would send (a wildcard, say).
  if (!/^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname)) return null;
  return url.origin;
}

/** The list in normal form, without duplicates; 400 naming the first origin that is not one. */
export function normalizeOrigins(raw: readonly string[]): string[] {
  const out: string[] = [];
  raw.forEach((value, index) => {
    const origin = normalizeOrigin(value);
    if (!origin) {
      throw validationError(
        `allowed_origins[${index}] is not an origin (scheme, host and optional port, e.g. https://shop.example)`,
        `allowed_origins/${index}`,
        'not_an_origin',
      );
    }
    if (!out.includes(origin)) out.push(origin);
  });
  return out;
}
