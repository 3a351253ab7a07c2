import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkUrlShape,
  checkWebhookUrl,
  createGuardedLookup,
  createResolver,
  isIpLiteral,
  isPublicAddress,
  type DnsLookup,
  type Resolver,
} from './address-guard.js';

// No real DNS anywhere in this file: the guard's resolvers are built over a table-driven fake `lookup` that behaves
// like the real one (family filter, `all`, `verbatim` order, ENOTFOUND) and records how it was called.
// Hostnames it does not know fail with ENOTFOUND; hostnames in `silent` never answer.
const fakeDns = vi.hoisted(() => {
  type Answer = { address: string; family: number };
  const records = new Map<string, string[]>();
  const silent = new Set<string>();
  const calls: { hostname: string; options: Record<string, unknown> }[] = [];
  const notFound = (hostname: string) =>
    Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
  function lookup(
    hostname: string,
    options: { family?: number; all?: boolean; verbatim?: boolean },
    callback: (err: Error | null, address?: string | Answer[], family?: number) => void,
  ): void {
    calls.push({ hostname, options: { ...options } });
    if (silent.has(hostname)) return;
    const known = records.get(hostname);
    if (!known) {
      callback(notFound(hostname));
      return;
    }
    let answers: Answer[] = known.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    if (options.family === 4 || options.family === 6) answers = answers.filter((a) => a.family === options.family);
    // Node 20 answers in resolver order by default (verbatim); `verbatim: false` puts IPv4 first.
    if (options.verbatim === false)
      answers = [...answers.filter((a) => a.family === 4), ...answers.filter((a) => a.family === 6)];
    if (options.all) {
      callback(null, answers);
      return;
    }
    if (answers.length === 0) {
      callback(notFound(hostname));
      return;
    }
    callback(null, answers[0].address, answers[0].family);
  }
  return { records, silent, calls, lookup };
});

// The guard's two DNS entry points, built over the fake exactly as production builds them over node:dns.
const systemResolver = createResolver(fakeDns.lookup as unknown as DnsLookup);
const guardedLookup = createGuardedLookup(fakeDns.lookup as unknown as DnsLookup);

beforeEach(() => {
  fakeDns.records.clear();
  fakeDns.silent.clear();
  fakeDns.calls.length = 0;
  fakeDns.records.set('localhost', ['::1', '127.0.0.1']);
  fakeDns.records.set('public.test', ['2606:4700::1111', '8.8.8.8', '1.1.1.1']);
  fakeDns.records.set('v4only.test', ['8.8.4.4']);
  fakeDns.records.set('mixed.test', ['8.8.8.8', '10.0.0.1']);
  fakeDns.records.set('metadata.test', ['169.254.169.254']);
  fakeDns.records.set('empty.test', []);
});

const PRIVATE_MESSAGE =
  'url must point to a public address (private, loopback and link-local targets are not supported)';

const refused = [
  '0.0.0.0',
  '0.1.2.3',
  '127.0.0.1',
  '127.255.255.254',
  '10.0.0.1',
  '10.255.255.255',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.0.1',
  '192.168.255.255',
  '169.254.169.254',
  '100.64.0.1',
  '100.127.255.255',
  '224.0.0.1',
  '239.255.255.255',
  '255.255.255.255',
  '240.0.0.1',
  '192.0.2.1',
  '198.18.0.1',
  '::',
  '::1',
  'fe80::1',
  'febf::1',
  'fc00::1',
  'fd12:3456::1',
  'ff02::1',
  '::ffff:127.0.0.1',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '::ffff:7f00:1',
  '[::1]',
  '[::ffff:127.0.0.1]',
  '[10.0.0.1]',
  '::7f00:1',
  '::808:808',
  '64:ff9b::7f00:1',
  '2002:7f00:1::',
  '2001:db8::1',
  'not-an-ip',
  '',
  '[]',
  '[',
  ']',
  // one bracket only, or a bracket plus a stray character: never stripped to a (public) address
  '[8.8.8.8',
  '8.8.8.8]',
  '[8.8.8.88',
  '18.8.8.8]',
  '[2606:4700::1111',
  '2606:4700::1111]',
];
const allowed = [
  '8.8.8.8',
  '1.1.1.1',
  '172.15.255.255',
  '172.32.0.1',
  '100.63.255.255',
  '100.128.0.1',
  '2606:4700:4700::1111',
  '2606:4700::1',
  '::ffff:8.8.8.8',
  '[2606:4700:4700::1111]',
  '[::ffff:8.8.8.8]',
  '[8.8.8.8]',
];

describe('isPublicAddress', () => {
  it.each(refused)('refuses %j', (ip) => expect(isPublicAddress(ip)).toBe(false));
  it.each(allowed)('allows %j', (ip) => expect(isPublicAddress(ip)).toBe(true));
});

describe('isIpLiteral', () => {
  it.each(['8.8.8.8', '127.0.0.1', '::1', '[::1]', '[2606:4700::1111]', '::ffff:127.0.0.1', '[::ffff:7f00:1]'])(
    'treats %j as an IP literal',
    (host) => expect(isIpLiteral(host)).toBe(true),
  );
  it.each([
    'example.com',
    'localhost',
    '',
    '[]',
    '127.1',
    '0x7f.0.0.1',
    '2130706433',
    '[8.8.8.8',
    '[8.8.8.88',
    '8.8.8.8]',
    '18.8.8.8]',
    '[::1',
    '::1]',
    '[example.com]',
  ])('treats %j as a name (or nothing)', (host) => expect(isIpLiteral(host)).toBe(false));
});

describe('checkUrlShape', () => {
  it.each([
    'http://2130706433/',
    'http://0x7f.1/',
    'http://017700000001/',
    'http://127.1/',
    'http://0/',
    'http://[::ffff:127.0.0.1]/',
    'http://[0:0:0:0:0:ffff:7f00:1]:8080/x',
    'https://10.1.2.3/hook',
    'http://[fe80::1]/',
    'http://169.254.169.254/latest',
    'http://0xa9fea9fe/',
    'http://[::]/',
    'http://[::1]/',
    'http://100.64.1.1/',
    'https://[::808:808]/',
  ])('refuses the private IP-literal URL %s unless private targets are allowed', (raw) => {
    expect(checkUrlShape(raw, false)).toEqual({ problem: { issue: 'private_address', message: PRIVATE_MESSAGE } });
    const allowedShape = checkUrlShape(raw, true);
    expect('url' in allowedShape && allowedShape.url.href).toBe(new URL(raw).href);
  });

  it.each([
    ['https://8.8.8.8/x', '8.8.8.8'],
    ['https://[2606:4700::1111]:8443/x', '[2606:4700::1111]'],
    ['https://hooks.example.com/x?a=1', 'hooks.example.com'],
    ['http://localhost:3000/', 'localhost'],
    ['HTTPS://Hooks.Example.COM/x', 'hooks.example.com'],
  ])('accepts %s (names are checked later, against what they resolve to)', (raw, hostname) => {
    for (const allowPrivate of [false, true]) {
      const shape = checkUrlShape(raw, allowPrivate);
      expect('url' in shape && shape.url.hostname).toBe(hostname);
      expect(shape).not.toHaveProperty('problem');
    }
  });

  it.each([
    ['example.com/hook', 'url must be an absolute http or https URL'],
    ['/relative', 'url must be an absolute http or https URL'],
    ['', 'url must be an absolute http or https URL'],
    ['http://', 'url must be an absolute http or https URL'],
    ['ftp://example.com/', 'url must use http or https'],
    ['javascript:alert(1)', 'url must use http or https'],
    ['file:///etc/passwd', 'url must use http or https'],
    ['ws://example.com/', 'url must use http or https'],
    ['http://user:pw@example.com/', 'url must not contain credentials'],
    ['http://user@example.com/', 'url must not contain credentials'],
    ['https://:pw@example.com/', 'url must not contain credentials'],
    ['http://user@10.0.0.1/', 'url must not contain credentials'],
  ])('refuses the malformed URL %j: %s', (raw, message) => {
    for (const allowPrivate of [false, true]) {
      expect(checkUrlShape(raw, allowPrivate)).toEqual({ problem: { issue: 'invalid_format', message } });
    }
  });
});

describe('checkWebhookUrl (configuration time)', () => {
  const table: Record<string, string[]> = {
    'mixed.test': ['8.8.8.8', '10.0.0.1'],
    'private-last.test': ['2606:4700::1', '8.8.4.4', 'fd00::1'],
    'public.test': ['8.8.4.4', '2606:4700::1'],
    'one.test': ['1.1.1.1'],
    'mapped.test': ['::ffff:127.0.0.1'],
    'none.test': [],
  };
  const calls: string[] = [];
  const resolve: Resolver = async (host) => {
    calls.push(host);
    if (!(host in table)) throw new Error(`ENOTFOUND ${host}`);
    return table[host];
  };
  beforeEach(() => {
    calls.length = 0;
  });

  it('accepts a name only when every address it resolves to is public', async () => {
    expect(await checkWebhookUrl('https://public.test/hook', { allowPrivate: false, resolve })).toBeNull();
    expect(await checkWebhookUrl('https://one.test/', { allowPrivate: false, resolve })).toBeNull();
    expect(calls).toEqual(['public.test', 'one.test']);
    for (const host of ['mixed.test', 'private-last.test', 'mapped.test']) {
      expect(await checkWebhookUrl(`https://${host}/`, { allowPrivate: false, resolve })).toEqual({
        issue: 'private_address',
        message: PRIVATE_MESSAGE,
      });
    }
  });

  it('reports a name that resolves to nothing, or fails to resolve, as unresolvable', async () => {
    expect(await checkWebhookUrl('https://none.test/', { allowPrivate: false, resolve })).toEqual({
      issue: 'unresolvable_host',
      message: 'url host none.test could not be resolved',
    });
    expect(await checkWebhookUrl('https://missing.test:8443/x', { allowPrivate: false, resolve })).toEqual({
      issue: 'unresolvable_host',
      message: 'url host missing.test could not be resolved',
    });
    const failing: Resolver = () => Promise.reject(new Error('boom'));
    expect(await checkWebhookUrl('https://x.test/', { allowPrivate: false, resolve: failing })).toEqual({
      issue: 'unresolvable_host',
      message: 'url host x.test could not be resolved',
    });
  });

  it('returns the shape problem without resolving anything', async () => {
    expect(await checkWebhookUrl('ftp://public.test/', { allowPrivate: false, resolve })).toEqual({
      issue: 'invalid_format',
      message: 'url must use http or https',
    });
    expect(await checkWebhookUrl('not a url', { allowPrivate: true, resolve })).toEqual({
      issue: 'invalid_format',
      message: 'url must be an absolute http or https URL',
    });
    expect(await checkWebhookUrl('https://10.0.0.1/', { allowPrivate: false, resolve })).toEqual({
      issue: 'private_address',
      message: PRIVATE_MESSAGE,
    });
    expect(calls).toEqual([]);
  });

  it('does not resolve IP literals, nor anything when private targets are allowed', async () => {
    expect(await checkWebhookUrl('https://8.8.8.8/', { allowPrivate: false, resolve })).toBeNull();
    expect(await checkWebhookUrl('https://[2606:4700::1111]/', { allowPrivate: false, resolve })).toBeNull();
    expect(await checkWebhookUrl('https://10.0.0.1/', { allowPrivate: true, resolve })).toBeNull();
    expect(await checkWebhookUrl('https://mixed.test/', { allowPrivate: true, resolve })).toBeNull();
    expect(await checkWebhookUrl('https://missing.test/', { allowPrivate: true, resolve })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('uses the system resolver when none is injected', async () => {
    // localhost resolves from the hosts file (no network): to loopback, which is refused as private.
    expect(await checkWebhookUrl('https://localhost/', { allowPrivate: false })).toMatchObject({
      issue: 'private_address',
    });
    expect(fakeDns.calls).toEqual([]);
  });
});

describe('systemResolver', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('returns every address in resolver order and leaves no timer behind', async () => {
    vi.useFakeTimers();
    expect(await systemResolver('public.test')).toEqual(['2606:4700::1111', '8.8.8.8', '1.1.1.1']);
    expect(fakeDns.calls).toEqual([{ hostname: 'public.test', options: { all: true, verbatim: true } }]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes resolution failures on', async () => {
    vi.useFakeTimers();
    await expect(systemResolver('nowhere.test')).rejects.toThrow('getaddrinfo ENOTFOUND nowhere.test');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives up after 5 seconds when the DNS server does not answer', async () => {
    vi.useFakeTimers();
    fakeDns.silent.add('slow.test');
    const outcome = systemResolver('slow.test').then(
      () => 'resolved',
      (err: Error) => err.message,
    );
    const now = () => Promise.race([outcome, Promise.resolve('pending')]);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(await now()).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await now()).toBe('resolving slow.test timed out');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('guardedLookup (connect time)', () => {
  type Outcome = { err: NodeJS.ErrnoException | null; address: unknown; family: unknown; args: number };
  const lookup = (hostname: string, options: Parameters<typeof guardedLookup>[1]) =>
    new Promise<Outcome>((resolve) =>
      guardedLookup(hostname, options, (...args) =>
        resolve({ err: args[0], address: args[1], family: args[2], args: args.length }),
      ),
    );

  it('answers a public name with its first address, in resolver order', async () => {
    expect(await lookup('public.test', {})).toEqual({ err: null, address: '2606:4700::1111', family: 6, args: 3 });
    expect(await lookup('v4only.test', {})).toEqual({ err: null, address: '8.8.4.4', family: 4, args: 3 });
    expect(fakeDns.calls[0]).toEqual({ hostname: 'public.test', options: { family: 0, all: true, verbatim: true } });
  });

  it('answers every address when asked for all', async () => {
    expect(await lookup('public.test', { all: true })).toEqual({
      err: null,
      address: [
        { address: '2606:4700::1111', family: 6 },
        { address: '8.8.8.8', family: 4 },
        { address: '1.1.1.1', family: 4 },
      ],
      family: undefined,
      args: 2,
    });
    expect(await lookup('public.test', { all: false })).toMatchObject({
      err: null,
      address: '2606:4700::1111',
      family: 6,
    });
  });

  it('honours the requested address family in all its spellings', async () => {
    expect(await lookup('public.test', { family: 4 })).toMatchObject({ err: null, address: '8.8.8.8', family: 4 });
    expect(await lookup('public.test', { family: 'IPv4' })).toMatchObject({ err: null, address: '8.8.8.8', family: 4 });
    expect(await lookup('public.test', 4)).toMatchObject({ err: null, address: '8.8.8.8', family: 4 });
    expect(await lookup('public.test', { family: 6 })).toMatchObject({
      err: null,
      address: '2606:4700::1111',
      family: 6,
    });
    expect(await lookup('public.test', { family: 'IPv6' })).toMatchObject({
      err: null,
      address: '2606:4700::1111',
      family: 6,
    });
    expect(await lookup('public.test', 6)).toMatchObject({ err: null, address: '2606:4700::1111', family: 6 });
    expect(await lookup('public.test', { family: 4, all: true })).toMatchObject({
      address: [
        { address: '8.8.8.8', family: 4 },
        { address: '1.1.1.1', family: 4 },
      ],
    });
    expect(await lookup('public.test', undefined as never)).toMatchObject({ err: null, address: '2606:4700::1111' });
    expect(fakeDns.calls.map((c) => c.options.family)).toEqual([4, 4, 4, 6, 6, 6, 4, 0]);
  });

  it.each([
    ['localhost', {}, '::1'],
    ['localhost', { all: true }, '::1'],
    ['localhost', { family: 4 }, '127.0.0.1'],
    ['localhost', 6, '::1'],
    ['mixed.test', {}, '10.0.0.1'],
    ['mixed.test', { all: true }, '10.0.0.1'],
    ['metadata.test', 4, '169.254.169.254'],
  ] as const)('refuses %s (%j) because %s is not public', async (hostname, options, bad) => {
    const outcome = await lookup(hostname, options);
    expect(outcome.err?.message).toBe(`refusing to connect to ${hostname}: ${bad} is not a public address`);
    expect(outcome.err?.code).toBe('EADDRNOTPUBLIC');
    expect(outcome).toMatchObject({ address: '', family: undefined, args: 2 });
  });

  it('refuses a name that resolves to no address', async () => {
    const outcome = await lookup('empty.test', {});
    expect(outcome.err?.message).toBe('refusing to connect to empty.test: no address is not a public address');
    expect(outcome.err?.code).toBe('EADDRNOTPUBLIC');
    expect(outcome.address).toBe('');
  });

  it('passes resolution errors through unchanged', async () => {
    const outcome = await lookup('nowhere.test', { all: true });
    expect(outcome.err).toBeInstanceOf(Error);
    expect(outcome.err?.code).toBe('ENOTFOUND');
    expect(outcome.err?.message).toBe('getaddrinfo ENOTFOUND nowhere.test');
    expect(outcome.address).toBe('');
    expect(outcome.args).toBe(2);
  });
});
