import { describe, expect, it } from 'vitest';
import { environmentSecrets, redactText, redactUrl, redactingErrorSerializer, urlPasswords } from './redact.js';

describe('redaction of secrets', () => {
  it.each([
    ['postgres://app:s3cret@db:5432/hd', 'postgres://app:[REDACTED]@db:5432/hd'],
    ['postgres://app:p@ss/w:rd@db/hd', 'postgres://app:[REDACTED]@db/hd'],
    ['redis://:s3cret@cache:6379', 'redis://:[REDACTED]@cache:6379'],
    ['mysql://root:s3cret@db/x', 'mysql://root:[REDACTED]@db/x'],
    ['app:s3cret@db/hd', '[REDACTED]@db/hd'],
    ['postgres://app@db/hd', 'postgres://app@db/hd'],
    ['postgres://db:5432/hd', 'postgres://db:5432/hd'],
    ['sqlite:./data/helpdesk.db', 'sqlite:./data/helpdesk.db'],
  ])('redactUrl(%j) = %j', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('hides URL passwords, bearer tokens, API keys, webhook secrets and given literals in free text', () => {
    const token = `hdk_${'A'.repeat(43)}`;
    const secret = `whsec_${'b'.repeat(64)}`;
    const text = `failed postgres://u:pw1234@h/db with "Bearer ${token}" for ${secret}; password was pw1234 and lit3ral!`;
    const out = redactText(text, ['lit3ral!']);
    for (const s of ['pw1234', token, secret, 'lit3ral!', 'A'.repeat(20)]) expect(out).not.toContain(s);
    expect(out).toContain('postgres://u:[REDACTED]@h/db');
  });

  it('knows the passwords of the configured URLs, raw and percent-decoded (not short words)', () => {
    expect(urlPasswords(['postgres://u:p%40ssword@h/db', null, 'redis://:abc@h', 'postgres://u@h/db']).sort()).toEqual([
      'p%40ssword',
      'p@ssword',
    ]);
    expect(
      environmentSecrets({ DATABASE_URL: 'postgres://u:longpassword@h/db', REDIS_URL: 'redis://:redispass@h' }),
    ).toEqual(['longpassword', 'redispass']);
  });

  it('cleans a logged error: message, stack, own properties (a URL error carries the URL as `input`) and causes', () => {
    let urlError: Error;
    try {
      new URL('postgres://u:topsecretpw@[bad/db');
    } catch (err) {
      urlError = err as Error;
    }
    const wrapped = new Error('could not connect', { cause: urlError! });
    const serialized = JSON.stringify(redactingErrorSerializer(['topsecretpw'])(wrapped));
    expect(JSON.stringify({ ...urlError! })).toContain('topsecretpw');
    expect(serialized).not.toContain('topsecretpw');
    expect(serialized).toContain('could not connect');
    expect(serialized).toContain('[REDACTED]');
  });
});
