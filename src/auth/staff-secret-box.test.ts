import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Sql } from '../db/database.js';
import { createSecretBox, openWith, sealWith } from './staff-secret-box.js';

describe('secret box', () => {
  it('opens what it sealed, and seals the same secret differently each time', () => {
    const key = randomBytes(32);
    const a = sealWith(key, 'JBSWY3DPEHPK3PXP');
    expect(openWith(key, a)).toBe('JBSWY3DPEHPK3PXP');
    expect(sealWith(key, 'JBSWY3DPEHPK3PXP')).not.toBe(a);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
  });

  it('refuses another key and tampered ciphertext', () => {
    const key = randomBytes(32);
    const sealed = sealWith(key, 'secret');
    expect(() => openWith(randomBytes(32), sealed)).toThrow();
    const parts = sealed.split(':');
    parts[3] = Buffer.from('other!').toString('base64url');
    expect(() => openWith(key, parts.join(':'))).toThrow();
  });

  it('gives each purpose its own key under one SECRET_KEY', async () => {
    const system = {} as Sql; // not reached: SECRET_KEY is set
    const twoFactor = createSecretBox({ secretKey: 'k', system });
    const mail = createSecretBox({ secretKey: 'k', system, purpose: 'mailbox_credentials' });
    const sealed = await mail.seal('imap-password');
    expect(await createSecretBox({ secretKey: 'k', system, purpose: 'mailbox_credentials' }).open(sealed)).toBe(
      'imap-password',
    );
    await expect(twoFactor.open(sealed)).rejects.toThrow();
    await expect(
      createSecretBox({ secretKey: 'other', system, purpose: 'mailbox_credentials' }).open(sealed),
    ).rejects.toThrow();
  });
});
