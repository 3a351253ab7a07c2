import { lookup as dnsLookup } from 'node:dns';
import { promisify } from 'node:util';
import ipaddr from 'ipaddr.js';

// SSRF guard for webhook targets. Only globally routable unicast addresses are allowed; every
// special range ipaddr.js knows (loopback, private, link-local, unique-local, CGNAT, multicast,
// unspecified, broadcast, reserved, NAT64, 6to4, Teredo, ...) is refused, and IPv4-mapped or
// IPv4-compatible IPv6 forms are judged by the IPv4 address they carry.

/** True when ip (IPv4 or IPv6 text, brackets allowed) is a public unicast address. */
export function isPublicAddress(ip: string): boolean {
  const text = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  // ipaddr.js also accepts non-canonical IPv4 forms ("0x7f.1"); only what parseable as an address counts.
  if (!ipaddr.isValid(text)) return false;
  let addr = ipaddr.parse(text);
  if (addr.kind() === 'ipv6') {
    const v6 = addr as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) addr = v6.toIPv4Address();
    // Deprecated IPv4-compatible form ::a.b.c.d (first 96 bits zero) reaches the IPv4 host on some stacks.
    else if (v6.parts.slice(0, 6).every((p) => p === 0)) return false;
  }
  return addr.range() === 'unicast';
}

/** True when host (a URL hostname) is an IP literal rather than a DNS name. */
export function isIpLiteral(host: string): boolean {
  const text = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);
}

export type UrlProblem = { issue: string; message: string };

/**
 * Checks the shape of a webhook URL: absolute http(s), no credentials, and (unless private targets
 * are allowed) no IP literal outside public space. WHATWG parsing already turns encoded IPv4 forms
 * (2130706433, 0x7f.1, 017700000001, 127.1) into dotted decimal, so they are judged as such.
 */
export function checkUrlShape(raw: string, allowPrivate: boolean): { url: URL } | { problem: UrlProblem } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: { issue: 'invalid_format', message: 'url must be an absolute http or https URL' } };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { problem: { issue: 'invalid_format', message: 'url must use http or https' } };
  }
  if (url.username || url.password) {
    return { problem: { issue: 'invalid_format', message: 'url must not contain credentials' } };
  }
  if (!allowPrivate && isIpLiteral(url.hostname) && !isPublicAddress(url.hostname)) {
    return { problem: privateProblem };
  }
  return { url };
}

const privateProblem: UrlProblem = {
  issue: 'private_address',
  message: 'url must point to a public address (private, loopback and link-local targets are not supported)',
};

export type Resolver = (hostname: string) => Promise<string[]>;

/** node:dns `lookup` (injected so tests answer from a table instead of the network). */
export type DnsLookup = typeof dnsLookup;

const RESOLVE_TIMEOUT_MS = 5_000;

/** A resolver over `lookup` (as used when connecting), bounded so a slow DNS server cannot hang a request. */
export function createResolver(lookup: DnsLookup = dnsLookup): Resolver {
  const lookupAll = promisify(lookup);
  return async (hostname) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`resolving ${hostname} timed out`)), RESOLVE_TIMEOUT_MS);
    });
    try {
      return (await Promise.race([lookupAll(hostname, { all: true, verbatim: true }), timeout])).map((a) => a.address);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The system resolver. */
export const systemResolver: Resolver = createResolver();

/** Full configuration-time check: shape, then every address the hostname resolves to must be public. */
export async function checkWebhookUrl(
  raw: string,
  options: { allowPrivate: boolean; resolve?: Resolver },
): Promise<UrlProblem | null> {
  const shape = checkUrlShape(raw, options.allowPrivate);
  if ('problem' in shape) return shape.problem;
  const host = shape.url.hostname;
  if (options.allowPrivate || isIpLiteral(host)) return null;
  let addresses: string[];
  try {
    addresses = await (options.resolve ?? systemResolver)(host);
  } catch {
    return { issue: 'unresolvable_host', message: `url host ${host} could not be resolved` };
  }
  if (addresses.length === 0) return { issue: 'unresolvable_host', message: `url host ${host} could not be resolved` };
  return addresses.every(isPublicAddress) ? null : privateProblem;
}

type LookupAddress = { address: string; family: number };
type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A net/tls `lookup` that refuses a hostname when any address it resolves to is not public, so the
 * address actually dialled is the one checked (no DNS rebinding between check and connect).
 */
export function createGuardedLookup(lookup: DnsLookup = dnsLookup) {
  return function guardedLookup(
    hostname: string,
    options: { all?: boolean; family?: number | string } | number,
    callback: LookupCallback,
  ): void {
    const opts = typeof options === 'number' ? { family: options } : (options ?? {});
    const family = opts.family === 'IPv4' ? 4 : opts.family === 'IPv6' ? 6 : ((opts.family as number | undefined) ?? 0);
    lookup(hostname, { family, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const refused = addresses.find((a) => !isPublicAddress(a.address));
      if (refused || addresses.length === 0) {
        const e = new Error(
          `refusing to connect to ${hostname}: ${refused?.address ?? 'no address'} is not a public address`,
        ) as NodeJS.ErrnoException;
        e.code = 'EADDRNOTPUBLIC';
        return callback(e, '');
      }
      if (opts.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** The guarded lookup over the system resolver (what the delivery client connects with). */
export const guardedLookup = createGuardedLookup();
