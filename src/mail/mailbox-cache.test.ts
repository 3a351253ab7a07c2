import { describe, expect, it } from 'vitest';
import { createMailboxCache } from './mailbox-cache.js';
import type { MailboxRow } from './mailbox-store.js';

const box = (id: string) => ({ id, address: `${id}@example.com` }) as MailboxRow;

describe('mailbox cache', () => {
  it('keeps what it read until the entry expires', async () => {
    const cache = createMailboxCache({ ttlMs: 1_000, maxEntries: 10 });
    let reads = 0;
    const load = async () => [box(`a${++reads}`)];
    expect(await cache.organization('org', 0, load)).toEqual([box('a1')]);
    expect(await cache.organization('org', 999, load)).toEqual([box('a1')]);
    expect(await cache.organization('org', 1_000, load)).toEqual([box('a2')]);
    expect(reads).toBe(2);
  });

  it('reads again after a clear, and keeps nothing read before it', async () => {
    const cache = createMailboxCache({ ttlMs: 1_000, maxEntries: 10 });
    await cache.organization('org', 0, async () => [box('old')]);
    cache.clear();
    expect(await cache.organization('org', 1, async () => [box('new')])).toEqual([box('new')]);
    // A read under way while a change commits is not kept after the change cleared the cache.
    cache.clear();
    const late = cache.organization('org', 2, async () => {
      cache.clear();
      return [box('stale')];
    });
    expect(await late).toEqual([box('stale')]);
    expect(await cache.organization('org', 3, async () => [box('fresh')])).toEqual([box('fresh')]);
  });

  it('never keeps an unknown address, and keeps nothing with a time to live of zero', async () => {
    const cache = createMailboxCache({ ttlMs: 1_000, maxEntries: 10 });
    let reads = 0;
    const unknown = async () => (reads++, null);
    await cache.address('nobody@example.com', 0, unknown);
    await cache.address('nobody@example.com', 1, unknown);
    expect(reads).toBe(2);

    const off = createMailboxCache({ ttlMs: 0, maxEntries: 10 });
    const route = async () => (reads++, { organizationId: 'org', mailbox: box('a') });
    await off.address('a@example.com', 0, route);
    await off.address('a@example.com', 1, route);
    expect(reads).toBe(4);
  });
});
