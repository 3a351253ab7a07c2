import { describe, expect, it } from 'vitest';
import { checkUrlShape, checkWebhookUrl, guardedLookup, isPublicAddress } from './address-guard.js';

const refused = [
  '0.0.0.0', '0.1.2.3', '127.0.0.1', '127.255.255.254', '10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255',
  '192.168.0.1', '192.168.255.255', '169.254.169.254', '100.64.0.1', '100.127.255.255', '224.0.0.1', '239.255.255.255',
  '255.255.255.255', '240.0.0.1', '192.0.2.1', '198.18.0.1',
  '::', '::1', 'fe80::1', 'febf::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
  '::ffff:169.254.169.254', '::ffff:7f00:1', '[::1]', '[::ffff:127.0.0.1]', '::7f00:1', '64:ff9b::7f00:1',
  '2002:7f00:1::', '2001:db8::1', 'not-an-ip', '',
];
const allowed = ['8.8.8.8', '1.1.1.1', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'];

describe('address guard', () => {
  it.each(refused)('refuses %s', (ip) => expect(isPublicAddress(ip)).toBe(false));
  it.each(allowed)('allows %s', (ip) => expect(isPublicAddress(ip)).toBe(true));

  it.each([
    'http://2130706433/', 'http://0x7f.1/', 'http://017700000001/', 'http://127.1/', 'http://0/', 'http://[::ffff:127.0.0.1]/',
    'http://[0:0:0:0:0:ffff:7f00:1]:8080/x', 'https://10.1.2.3/hook', 'http://[fe80::1]/', 'http://169.254.169.254/latest',
    'http://0xa9fea9fe/', 'http://[::]/', 'http://100.64.1.1/',
  ])('refuses the IP-literal URL %s', (raw) => {
    const result = checkUrlShape(raw, false);
    expect(result).toEqual({ problem: expect.objectContaining({ issue: 'private_address' }) });
    expect('url' in checkUrlShape(raw, true)).toBe(true);
  });

  it.each(['ftp://example.com/', 'example.com/hook', '/relative', 'http://user:pw@example.com/', 'javascript:alert(1)'])(
    'refuses the malformed URL %s',
    (raw) => expect(checkUrlShape(raw, true)).toEqual({ problem: expect.objectContaining({ issue: 'invalid_format' }) }),
  );

  it('allows public literals and names', () => {
    expect('url' in checkUrlShape('https://8.8.8.8/x', false)).toBe(true);
    expect('url' in checkUrlShape('https://hooks.example.com/x', false)).toBe(true);
  });

  it('refuses a name when any resolved address is private, and an unresolvable name', async () => {
    const resolve = async (h: string) => (h === 'mixed.test' ? ['8.8.8.8', '10.0.0.1'] : h === 'public.test' ? ['8.8.4.4', '2606:4700::1'] : []);
    expect(await checkWebhookUrl('https://mixed.test/', { allowPrivate: false, resolve })).toMatchObject({ issue: 'private_address' });
    expect(await checkWebhookUrl('https://public.test/', { allowPrivate: false, resolve })).toBeNull();
    expect(await checkWebhookUrl('https://none.test/', { allowPrivate: false, resolve })).toMatchObject({ issue: 'unresolvable_host' });
    const failing = async () => { throw new Error('ENOTFOUND'); };
    expect(await checkWebhookUrl('https://x.test/', { allowPrivate: false, resolve: failing })).toMatchObject({ issue: 'unresolvable_host' });
    expect(await checkWebhookUrl('https://mixed.test/', { allowPrivate: true, resolve })).toBeNull();
  });

  it('refuses localhost at connect time through the guarded lookup', async () => {
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => guardedLookup('localhost', { all: true }, (e) => resolve(e)));
    expect(err?.code).toBe('EADDRNOTPUBLIC');
  });
});
