import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyIdentityToken } from './visitor-identity.js';

const SECRET = 'the-widget-identity-secret';
const NOW = Date.UTC(2026, 10, 29, 12, 0, 0);
const key = (s = SECRET) => new TextEncoder().encode(s);

const sign = (
  claims: Record<string, unknown>,
  options: { exp?: number | null; alg?: string; secret?: string } = {},
) => {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: options.alg ?? 'HS256' }).setIssuedAt(NOW / 1000);
  if (options.exp !== null) jwt.setExpirationTime(options.exp ?? NOW / 1000 + 3600);
  return jwt.sign(key(options.secret));
};

const refused = (token: string) =>
  expect(verifyIdentityToken(token, SECRET, NOW)).rejects.toMatchObject({ statusCode: 401, code: 'invalid_identity' });

describe('identity tokens', () => {
  it('accepts an HS256 token with sub, email, name and exp within a day', async () => {
    const token = await sign({ sub: 'user-42', email: 'ada@example.com', name: 'Ada' });
    expect(await verifyIdentityToken(token, SECRET, NOW)).toEqual({
      externalUserId: 'user-42',
      email: 'ada@example.com',
      name: 'Ada',
      expiresAt: NOW + 3_600_000,
    });
  });

  it('refuses a forged signature, an expired token, a missing or too distant exp, and a missing sub or email', async () => {
    await refused(await sign({ sub: 'u', email: 'a@example.com' }, { secret: 'another-secret' }));
    await refused(await sign({ sub: 'u', email: 'a@example.com' }, { exp: NOW / 1000 - 120 }));
    await refused(await sign({ sub: 'u', email: 'a@example.com' }, { exp: null }));
    await refused(await sign({ sub: 'u', email: 'a@example.com' }, { exp: NOW / 1000 + 25 * 3600 }));
    await refused(await sign({ email: 'a@example.com' }));
    await refused(await sign({ sub: 'u' }));
    await refused(await sign({ sub: 'u', email: '<img src=x>' }));
    await refused('not.a.jwt');
  });

  it('refuses every algorithm but HS256, "none" included', async () => {
    await refused(await sign({ sub: 'u', email: 'a@example.com' }, { alg: 'HS512' }));
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ sub: 'u', email: 'a@example.com', exp: NOW / 1000 + 60 })).toString(
      'base64url',
    );
    await refused(`${header}.${body}.`);
  });
});
