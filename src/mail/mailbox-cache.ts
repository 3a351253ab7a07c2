import { LRUCache } from 'lru-cache';
import type { MailboxRow } from './mailbox-store.js';

// What routing received mail reads of mailboxes, in process memory: every mail reads the mailbox its
// recipient names (SMTP, before accepting it) and, when it is applied, its organization's mailboxes
// (their addresses are the service's own, and the one it came in on carries reply tokens). They
// change seldom, and a read each time was several statements of every mail. An entry lives at most
// `ttlMs`; a change of a mailbox in this process clears the whole cache at once, one made by another
// process is seen once the entry expires. Unknown addresses are never kept (each reaches the
// database), so they cannot fill the cache. Bounded: at `maxEntries` the oldest entry goes first.
//
// A mail routed from an entry another process has just made stale is still handled: to a mailbox
// that no longer exists it cannot be stored (its row needs the mailbox), and the sender hears
// "try again", then "no such mailbox" once the entry expires.

export interface MailboxRoute {
  organizationId: string;
  mailbox: MailboxRow;
}

export interface MailboxCache {
  /** The organization's mailboxes, from the cache or `load`. */
  organization(organizationId: string, now: number, load: () => Promise<MailboxRow[]>): Promise<MailboxRow[]>;
  /** The mailbox an address is delivered to, from the cache or `load` (null results are not kept). */
  address(address: string, now: number, load: () => Promise<MailboxRoute | null>): Promise<MailboxRoute | null>;
  clear(): void;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

export function createMailboxCache(options: { ttlMs: number; maxEntries: number }): MailboxCache {
  const { ttlMs, maxEntries } = options;
  const keep = ttlMs > 0 && maxEntries > 0;
  const organizations = keep ? new LRUCache<string, Entry<MailboxRow[]>>({ max: maxEntries }) : null;
  const addresses = keep ? new LRUCache<string, Entry<MailboxRoute>>({ max: maxEntries }) : null;
  // Changes with every clear(): a value read before a change committed is not kept after it.
  let generation = 0;

  async function cached<V>(
    entries: LRUCache<string, Entry<V>> | null,
    key: string,
    now: number,
    load: () => Promise<V | null>,
  ): Promise<V | null> {
    const entry = entries?.peek(key);
    if (entry && entry.expiresAt > now) return entry.value;
    const readAt = generation;
    const value = await load();
    if (entries && value !== null && readAt === generation) entries.set(key, { value, expiresAt: now + ttlMs });
    return value;
  }

  return {
    organization: async (organizationId, now, load) => (await cached(organizations, organizationId, now, load)) ?? [],
    address: (address, now, load) => cached(addresses, address, now, load),
    clear() {
      organizations?.clear();
      addresses?.clear();
      generation++;
    },
  };
}
