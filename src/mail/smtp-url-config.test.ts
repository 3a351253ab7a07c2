import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

describe('SMTP_URL', () => {
  it('is optional, and kept as given when it is an smtp:// or smtps:// URL with a host', () => {
    expect(loadConfig({}).mailOut.smtpUrl).toBeNull();
    expect(loadConfig({ SMTP_URL: ' ' }).mailOut.smtpUrl).toBeNull();
    expect(loadConfig({ SMTP_URL: 'smtp://user:pass@mail.example:587' }).mailOut.smtpUrl).toBe(
      'smtp://user:pass@mail.example:587',
    );
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example' }).mailOut.smtpUrl).toBe('smtps://mail.example');
  });

  it('refuses other schemes and what is not a URL', () => {
    for (const bad of ['http://mail.example', 'mail.example:587', 'smtp://']) {
      expect(() => loadConfig({ SMTP_URL: bad })).toThrow(ConfigError);
    }
  });

  it('retries replies after 1, 5, 15 and 60 minutes', () => {
    expect(loadConfig({}).mailOut.retryDelaysMs).toEqual([60_000, 300_000, 900_000, 3_600_000]);
  });
});
