// Public URL slugs (organizations, articles): lowercase ASCII letters, digits and single hyphens,
// 3–63 characters. Made from a name by folding accents away and joining the words with hyphens.

export const SLUG_PATTERN = '^[a-z0-9](?:[a-z0-9-]{1,61})[a-z0-9]$';
const SLUG_RE = new RegExp(SLUG_PATTERN);
const MAX = 63;

export const isSlug = (value: string): boolean => SLUG_RE.test(value) && !value.includes('--');

/** The slug a name makes (never empty: a name without letters or digits gives `fallback`). */
export function slugify(name: string, fallback = 'org'): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX)
    .replace(/-+$/g, '');
  if (base.length >= 3) return base;
  return base.length === 0 ? fallback : `${base}-${fallback}`.slice(0, MAX);
}

/** Slugs to try in turn for a name: its own, then with -2, -3, … (kept within 63 characters). */
export function slugCandidates(name: string, fallback = 'org', count = 1000): string[] {
  const base = slugify(name, fallback);
  const out = [base];
  for (let n = 2; n <= count; n++) {
    const suffix = `-${n}`;
    out.push(`${base.slice(0, MAX - suffix.length).replace(/-+$/g, '')}${suffix}`);
  }
  return out;
}
