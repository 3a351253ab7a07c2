// Mail addresses as the email channel compares them: case-insensitively (domains are, and every
// mail system the service meets treats local parts so too), and with plus-addressing folded
// (`support+anything@example.com` is delivered to `support@example.com`).

/** A plain address: something@domain, no spaces or angle brackets, at most 254 characters. */
const ADDRESS = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/;

export const isMailAddress = (value: string): boolean => value.length <= 254 && ADDRESS.test(value);

/** The form an address is stored and looked up in: trimmed and lowercased. */
export const addressKey = (address: string): string => address.trim().toLowerCase();

/**
 * The address with its plus tag removed and the tag itself (null when there is none):
 * `Support+ABC@Example.com` → { base: 'support@example.com', tag: 'ABC' }. The tag keeps its case
 * (reply tokens are case-sensitive).
 */
export function splitPlusAddress(address: string): { base: string; tag: string | null } {
  const trimmed = address.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return { base: addressKey(trimmed), tag: null };
  const local = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus <= 0) return { base: addressKey(trimmed), tag: null };
  return { base: addressKey(`${local.slice(0, plus)}@${domain}`), tag: local.slice(plus + 1) || null };
}

/** The keys an address may be routed by, most specific first: itself, then without its plus tag. */
export function routeKeys(address: string): string[] {
  const exact = addressKey(address);
  const { base } = splitPlusAddress(address);
  return base === exact ? [exact] : [exact, base];
}
