import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig, parseDatabaseUrl } from './config.js';

describe('configuration', () => {
  it('has working defaults: SQLite file, port 3000, rate limiting on, UTC, 30 s webhook timeout', () => {
    const c = loadConfig({});
    expect(c.database).toEqual({ dialect: 'sqlite', path: './data/helpdesk.db', url: 'sqlite:./data/helpdesk.db' });
    expect(c).toMatchObject({ port: 3000, host: '0.0.0.0', logLevel: 'info', rateLimitPerMinute: 600, redisUrl: null });
    expect(c).toMatchObject({ bodyLimitBytes: 1_048_576, timeZone: 'UTC', corsOrigins: [] });
    expect(c.webhooks).toEqual({
      allowPrivateTargets: false,
      retryDelaysMs: [60_000, 120_000, 240_000, 480_000],
      timeoutMs: 30_000,
      concurrency: 64,
      leaseMs: 60_000,
      pollIntervalMs: 1_000,
      nice: 0,
    });
  });

  it('selects the engine from DATABASE_URL', () => {
    expect(parseDatabaseUrl('sqlite:/var/lib/helpdesk.db')).toEqual({
      dialect: 'sqlite',
      path: '/var/lib/helpdesk.db',
      url: 'sqlite:/var/lib/helpdesk.db',
    });
    expect(parseDatabaseUrl('sqlite:///abs/path.db')).toMatchObject({ path: '/abs/path.db' });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/hd', DATABASE_POOL_SIZE: '25' }).database).toEqual({
      dialect: 'postgres',
      url: 'postgres://u@db:5432/hd',
      poolSize: 25,
      preparedStatements: true,
    });
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u@db/hd', DATABASE_PREPARED_STATEMENTS: 'false' }).database,
    ).toMatchObject({ preparedStatements: false });
    expect(parseDatabaseUrl('postgresql://u@db/hd')).toMatchObject({ dialect: 'postgres' });
  });

  it.each([
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with/],
    [{ DATABASE_URL: 'sqlite:' }, /needs a file path/],
    [{ PORT: '70000' }, /PORT must be between 0 and 65535/],
    [{ PORT: '3k' }, /PORT must be a whole number/],
    [{ RATE_LIMIT_PER_MINUTE: '-5' }, /RATE_LIMIT_PER_MINUTE must be a whole number/],
    [{ LOG_LEVEL: 'verbose' }, /LOG_LEVEL must be one of/],
    [{ REDIS_URL: 'localhost:6379' }, /REDIS_URL must start with redis:\/\//],
    [{ BODY_LIMIT_BYTES: '0' }, /BODY_LIMIT_BYTES must be between 1/],
    [{ TZ: 'Mars/Olympus' }, /TZ must be an IANA time zone/],
    [{ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'maybe' }, /must be true or false/],
    [{ WEBHOOK_RETRY_DELAYS_MS: '1000,soon' }, /WEBHOOK_RETRY_DELAYS_MS must be comma-separated/],
    [{ WEBHOOK_TIMEOUT_MS: '5000', WEBHOOK_LEASE_MS: '5000' }, /WEBHOOK_LEASE_MS must be between 5001/],
    [{ WEBHOOK_WORKER_NICE: '20' }, /WEBHOOK_WORKER_NICE must be between 0 and 19/],
    [{ WEBHOOK_WORKER_NICE: '-5' }, /WEBHOOK_WORKER_NICE must be a whole number/],
    [{ CORS_ORIGINS: 'app.example.com' }, /CORS_ORIGINS must be/],
    [{ DATABASE_URL: 'postgres://u@db/hd', DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE must be between 1/],
    [
      { DATABASE_URL: 'postgres://u@db/hd', DATABASE_PREPARED_STATEMENTS: 'sometimes' },
      /DATABASE_PREPARED_STATEMENTS must be true or false/,
    ],
    [
      { DATABASE_URL: 'postgres://u@bouncer/hd', DATABASE_DIRECT_URL: 'mysql://x' },
      /DATABASE_DIRECT_URL must start with postgres:\/\//,
    ],
    [
      { DATABASE_URL: 'postgres://u@bouncer/hd', DATABASE_DIRECT_URL: 'postgres://u@[db/hd' },
      /DATABASE_DIRECT_URL is not a valid PostgreSQL URL/,
    ],
    [
      { DATABASE_URL: 'sqlite:./x.db', DATABASE_DIRECT_URL: 'postgres://u@db/hd' },
      /DATABASE_DIRECT_URL is for PostgreSQL only/,
    ],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('accepts the default zone, UTC, without asking Intl (its first use costs 4.8 MB resident); any other through Intl', () => {
    const intl = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(loadConfig({}).timeZone).toBe('UTC');
      expect(loadConfig({ TZ: ' UTC ' }).timeZone).toBe('UTC');
      expect(intl).not.toHaveBeenCalled();
      expect(loadConfig({ TZ: 'Etc/UTC' }).timeZone).toBe('Etc/UTC');
      expect(intl).toHaveBeenCalledTimes(1);
    } finally {
      intl.mockRestore();
    }
  });

  it('reads the email settings: data directory, SMTP listener, message size, Mailgun key, IMAP poll interval', () => {
    expect(loadConfig({})).toMatchObject({
      dataDir: './data',
      mail: {
        smtpInbound: { port: null, host: '0.0.0.0' },
        maxMessageBytes: 26_214_400,
        mailgunSigningKey: null,
        imapPollMs: 60_000,
      },
    });
    const c = loadConfig({
      DATA_DIR: '/var/lib/helpdesk',
      SMTP_INBOUND_PORT: '2525',
      SMTP_INBOUND_HOST: '127.0.0.1',
      SMTP_INBOUND_MAX_BYTES: '1048576',
      MAILGUN_SIGNING_KEY: ' key ',
      IMAP_POLL_SECONDS: '15',
    });
    expect(c.dataDir).toBe('/var/lib/helpdesk');
    expect(c.mail).toEqual({
      smtpInbound: { port: 2525, host: '127.0.0.1' },
      maxMessageBytes: 1_048_576,
      attachmentMaxBytes: 20_971_520,
      attachmentsMaxBytesPerMessage: 1_048_576,
      mailgunSigningKey: 'key',
      processing: { leaseMs: 300_000, intervalMs: 5_000 },
      mailboxCacheTtlMs: 5_000,
      imapPollMs: 15_000,
    });
    expect(() => loadConfig({ SMTP_INBOUND_PORT: 'smtp' })).toThrow(ConfigError);
    expect(() => loadConfig({ IMAP_POLL_SECONDS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_INBOUND_MAX_BYTES: '10' })).toThrow(ConfigError);
  });

  it("reads the mail queues' leases and polls, with floors", () => {
    expect(loadConfig({}).mailOut).toMatchObject({ leaseMs: 300_000, pollIntervalMs: 1_000 });
    const c = loadConfig({
      MAIL_INBOUND_LEASE_MS: '1000',
      MAIL_INBOUND_POLL_MS: '100',
      MAIL_OUTBOUND_LEASE_MS: '2000',
      MAIL_OUTBOUND_POLL_MS: '10',
    });
    expect(c.mail.processing).toEqual({ leaseMs: 1_000, intervalMs: 100 });
    expect(c.mailOut).toMatchObject({ leaseMs: 2_000, pollIntervalMs: 10 });
    expect(loadConfig({ MAILBOX_CACHE_TTL_MS: '0' }).mail.mailboxCacheTtlMs).toBe(0);
    for (const [name, value] of [
      ['MAILBOX_CACHE_TTL_MS', '60001'],
      ['MAIL_INBOUND_LEASE_MS', '999'],
      ['MAIL_INBOUND_POLL_MS', '99'],
      ['MAIL_OUTBOUND_LEASE_MS', '999'],
      ['MAIL_OUTBOUND_POLL_MS', '9'],
    ])
      expect(() => loadConfig({ [name]: value }), name).toThrow(ConfigError);
  });

  it("reads WEBHOOK_WORKER_NICE from 0 (the API's priority) to 19", () => {
    expect(loadConfig({ WEBHOOK_WORKER_NICE: '0' }).webhooks.nice).toBe(0);
    expect(loadConfig({ WEBHOOK_WORKER_NICE: '19' }).webhooks.nice).toBe(19);
  });

  it('reads DATABASE_DIRECT_URL for PostgreSQL (LISTEN and migrations), unset by default', () => {
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u@bouncer:6432/hd', DATABASE_DIRECT_URL: ' postgresql://u@db:5432/hd ' })
        .database,
    ).toEqual({
      dialect: 'postgres',
      url: 'postgres://u@bouncer:6432/hd',
      poolSize: 10,
      preparedStatements: true,
      directUrl: 'postgresql://u@db:5432/hd',
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/hd', DATABASE_DIRECT_URL: '' }).database).not.toHaveProperty(
      'directUrl',
    );
  });

  it('reads the other settings', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '0',
      REDIS_URL: 'redis://cache:6379',
      TZ: 'America/New_York',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_RETRY_DELAYS_MS: '10, 20,30',
      WEBHOOK_TIMEOUT_MS: '1000',
      CORS_ORIGINS: 'https://a.example.com, https://b.example.com',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      rateLimitPerMinute: 0,
      redisUrl: 'redis://cache:6379',
      timeZone: 'America/New_York',
    });
    expect(c.webhooks).toMatchObject({
      allowPrivateTargets: true,
      retryDelaysMs: [10, 20, 30],
      timeoutMs: 1000,
      leaseMs: 31_000,
    });
    expect(c.corsOrigins).toEqual(['https://a.example.com', 'https://b.example.com']);
  });

  it.each([
    [
      { DATABASE_URL: 'postgres://app:Hunter2-pw@db:99999/hd' },
      /DATABASE_URL is not a valid PostgreSQL URL: "postgres:\/\/app:\[REDACTED\]@db:99999\/hd"/,
    ],
    [
      { DATABASE_URL: 'mysql://app:Hunter2-pw@db/hd' },
      /DATABASE_URL must start with .* got "mysql:\/\/app:\[REDACTED\]@db\/hd"/,
    ],
    [
      { DATABASE_URL: 'postgres://u@bouncer/hd', DATABASE_DIRECT_URL: 'pg://app:Hunter2-pw@db/hd' },
      /DATABASE_DIRECT_URL must start with/,
    ],
    [
      { DATABASE_URL: 'postgres://u@bouncer/hd', DATABASE_DIRECT_URL: 'postgres://app:Hunter2-pw@[db/hd' },
      /DATABASE_DIRECT_URL is not a valid/,
    ],
    [{ REDIS_URL: 'http://:Hunter2-pw@cache:6379' }, /REDIS_URL must start with redis:\/\//],
    [{ REDIS_URL: 'default:Hunter2-pw@cache:6379' }, /REDIS_URL must start with redis:\/\//],
  ])('never shows the password of an invalid connection URL: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
    expect(() => loadConfig(env)).not.toThrow(/Hunter2/);
  });

  it('reads the operations settings: metrics, overload, TRUST_PROXY, compression', () => {
    expect(loadConfig({})).toMatchObject({
      metricsEnabled: true,
      overload: { maxEventLoopDelayMs: 1000, sampleIntervalMs: 1000, retryAfterSeconds: 5 },
      trustProxy: false,
      compression: { enabled: true, minBytes: 1024 },
    });
    expect(
      loadConfig({ METRICS_ENABLED: 'false', COMPRESSION_ENABLED: 'off', COMPRESSION_MIN_BYTES: '2048' }),
    ).toMatchObject({
      metricsEnabled: false,
      compression: { enabled: false, minBytes: 2048 },
    });
    expect(loadConfig({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' }).overload.maxEventLoopDelayMs).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,Loopback,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(
      /TRUST_PROXY must be false, true, or comma-separated/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/not a hop count/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ OVERLOAD_SAMPLE_INTERVAL_MS: '5' })).toThrow(
      /OVERLOAD_SAMPLE_INTERVAL_MS must be between 10/,
    );
  });

  it('reads the AI provider: none by default; AI_BASE_URL and AI_MODEL together; bounded timeouts', () => {
    expect(loadConfig({}).ai).toBeNull();
    expect(loadConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1/', AI_MODEL: 'llama3.1' }).ai).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: null,
      model: 'llama3.1',
      embeddingModel: null,
      connectTimeoutMs: 3_000,
      firstByteTimeoutMs: 15_000,
      idleTimeoutMs: 10_000,
      totalTimeoutMs: 20_000,
      maxRetries: 2,
    });
    expect(
      loadConfig({
        AI_BASE_URL: 'https://api.example.com/v1',
        AI_MODEL: 'm',
        AI_API_KEY: ' sk-1 ',
        AI_EMBEDDING_MODEL: 'e',
        AI_MAX_RETRIES: '0',
      }).ai,
    ).toMatchObject({ apiKey: 'sk-1', embeddingModel: 'e', maxRetries: 0 });
    expect(() => loadConfig({ AI_MODEL: 'm' })).toThrow(/AI_BASE_URL and AI_MODEL must be set together/);
    expect(() => loadConfig({ AI_BASE_URL: 'https://api.example.com/v1' })).toThrow(ConfigError);
    expect(() => loadConfig({ AI_BASE_URL: 'ftp://x', AI_MODEL: 'm' })).toThrow(/AI_BASE_URL must be/);
    expect(() => loadConfig({ AI_BASE_URL: 'https://user:secret@x/v1?a=1', AI_MODEL: 'm' })).toThrow(
      /^(?!.*secret).*AI_BASE_URL must be/,
    );
    // The whole call stays under the server's 30 s request deadline.
    expect(() => loadConfig({ AI_BASE_URL: 'https://x/v1', AI_MODEL: 'm', AI_TOTAL_TIMEOUT_MS: '60000' })).toThrow(
      /AI_TOTAL_TIMEOUT_MS must be between 1 and 25000/,
    );
  });
});
