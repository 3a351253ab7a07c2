// Configuration is read and validated once at start-up; everything else receives the parsed object.
import ipaddr from 'ipaddr.js';
import { redactUrl } from './shared/redact.js';

export type DatabaseConfig =
  | { dialect: 'sqlite'; path: string; url: string }
  | {
      dialect: 'postgres';
      /** The pool's connections (may go through PgBouncer in transaction mode). */
      url: string;
      poolSize?: number;
      /** Session-level work (LISTEN, migrations) when set: a direct connection to PostgreSQL. */
      directUrl?: string;
      /** Named prepared statements on pooled connections (default on; off by itself behind a pooler that refuses them). */
      preparedStatements?: boolean;
    };

export interface Config {
  database: DatabaseConfig;
  port: number;
  host: string;
  logLevel: string;
  rateLimitPerMinute: number;
  /** How long an authenticated API key is trusted in process without a database read (0 = off). */
  apiKeyCacheTtlMs: number;
  redisUrl: string | null;
  bodyLimitBytes: number;
  /** Browser origins allowed to call the API (CORS); empty = no CORS headers, ['*'] = any. */
  corsOrigins: string[];
  timeZone: string;
  /** How long an Idempotency-Key and its stored answer are kept (at least 24 h). */
  idempotencyTtlHours: number;
  /** GET /metrics (Prometheus text); off with METRICS_ENABLED=false. */
  metricsEnabled: boolean;
  /** Overload protection: new requests get 503 while the event loop lags past maxEventLoopDelayMs (0 = off). */
  overload: { maxEventLoopDelayMs: number; sampleIntervalMs: number; retryAfterSeconds: number };
  /** Fastify's trustProxy: false (default), true, or proxy addresses/CIDRs. */
  trustProxy: boolean | string[];
  /** The public base URL of links the service prints or answers (setup, invitations, resets), without a trailing slash. */
  publicUrl: string;
  /** SECRET_KEY: encrypts two-factor secrets at rest; null = a random key generated once and kept in the database. */
  secretKey: string | null;
  /** Response compression of bodies of at least minBytes (gzip, brotli, deflate, as the client accepts). */
  compression: { enabled: boolean; minBytes: number };
  /** SQLite: bytes of single-ticket representations kept in process, valid until any write (0 = off). */
  representationCacheBytes: number;
  /** Events and delivery records older than this many days are deleted (EVENT_RETENTION_DAYS). */
  eventRetentionDays: number;
  /** The live event stream (GET /api/v1/events/stream) and presence. */
  eventStream: {
    /** A comment line is sent on every open stream at least this often (keeps proxies from closing it). */
    pingMs: number;
    /** Safety poll of the log besides the wake-ups (lost notifications; SQLite: other processes' writes). */
    pollMs: number;
    /** A stream whose unsent output grows past this is dropped (the client resumes by Last-Event-ID). */
    maxBufferedBytes: number;
    /** How long a presence report holds (POST /tickets/{id}/presence). */
    presenceTtlMs: number;
  };
  /** Chat widget visitors' budgets (src/widgets/visitor-limits.ts): per client address and per visitor. */
  widget: {
    /** New visitor sessions per client address per hour. */
    sessionsPerHour: number;
    /** New conversations per visitor per hour (three times as many per client address). */
    conversationsPerHour: number;
    /** Messages per visitor per minute (five times as many per client address). */
    messagesPerMinute: number;
    /** An agent's reply not seen in the widget this long after it is mailed to the visitor (a mailbox needed). */
    followUpDelayMs: number;
    /** How often due follow-ups are looked for. */
    followUpPollMs: number;
  };

  /** Where files are kept (large received mail, attachments): DATA_DIR, default ./data. */
  dataDir: string;
  /** The email channel's inbound side. */
  mail: {
    /** The built-in SMTP listener: off when port is null (SMTP_INBOUND_PORT unset). */
    smtpInbound: { port: number | null; host: string };
    /** Largest message accepted by any way in (SMTP_INBOUND_MAX_BYTES, default 25 MiB). */
    maxMessageBytes: number;
    /** Largest received file kept (MAIL_ATTACHMENT_MAX_BYTES, default 20 MiB). */
    attachmentMaxBytes: number;
    /** Most bytes of files kept per received message (MAIL_ATTACHMENTS_MAX_BYTES, default SMTP_INBOUND_MAX_BYTES). */
    attachmentsMaxBytesPerMessage: number;
    /** MAILGUN_SIGNING_KEY: checks Mailgun's signature on inbound webhooks of mailboxes without their own key. */
    mailgunSigningKey: string | null;
    /** Turning stored mail into tickets: a claim's lease (MAIL_INBOUND_LEASE_MS) and the queue's poll (MAIL_INBOUND_POLL_MS). */
    processing: { leaseMs: number; intervalMs: number };
    /** How long routing data of mailboxes is kept in memory for received mail (MAILBOX_CACHE_TTL_MS, default 5000). */
    mailboxCacheTtlMs: number;
    /** IMAP_POLL_SECONDS: a pass over each IMAP mailbox at least this often (default 60 s), IDLE besides. */
    imapPollMs: number;
  };
  /** The email channel's outbound mail. */
  mailOut: {
    /** SMTP_URL: replies of mailboxes without SMTP settings of their own go through it (null: none). */
    smtpUrl: string | null;
    /** Pauses before a reply's attempts 2 to 5. */
    retryDelaysMs: number[];
    /** A worker's claim on a reply: longer than an attempt's SMTP timeouts. */
    leaseMs: number;
    /** Fallback poll of the outbound queue besides the wake-ups. */
    pollIntervalMs: number;
  };
  /** The model of the assistant's generated answers (AI_BASE_URL and AI_MODEL); null: extractive answers only. */
  ai: AiConfig | null;
  webhooks: {
    allowPrivateTargets: boolean;
    retryDelaysMs: number[];
    timeoutMs: number;
    concurrency: number;
    leaseMs: number;
    pollIntervalMs: number;
    /** The delivery worker's CPU priority, as a nice value (0 = the API's; src/shared/cpu-priority.ts). */
    nice: number;
  };
}

export interface AiConfig {
  /** An OpenAI-compatible API, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (Ollama). */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** Semantic re-ranking of the assistant's passages when set. */
  embeddingModel: string | null;
  connectTimeoutMs: number;
  /** Until the answer's headers arrive. */
  firstByteTimeoutMs: number;
  /** Longest pause between two pieces of an answer being read. */
  idleTimeoutMs: number;
  /** The whole call, retries included. */
  totalTimeoutMs: number;
  /** Further attempts after a 429, a 5xx or a failed connection. */
  maxRetries: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** SMTP_URL: smtp:// or smtps:// with a host (credentials and port optional). */
function smtpUrl(env: Env): string | null {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`SMTP_URL must be a URL such as smtp://user:pass@host:587, got "${raw}"`);
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    throw new ConfigError(`SMTP_URL must be a URL such as smtp://user:pass@host:587, got "${raw}"`);
  }
  return raw;
}

function integer(env: Env, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw.trim());
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function postgresUrl(name: string, raw: string): boolean {
  if (!raw.startsWith('postgres://') && !raw.startsWith('postgresql://')) return false;
  try {
    new URL(raw);
  } catch {
    // Never the password: the URL is shown with it hidden.
    throw new ConfigError(`${name} is not a valid PostgreSQL URL: "${redactUrl(raw)}"`);
  }
  return true;
}

export function parseDatabaseUrl(raw: string): DatabaseConfig {
  if (postgresUrl('DATABASE_URL', raw)) {
    return { dialect: 'postgres', url: raw };
  }
  if (raw.startsWith('sqlite:')) {
    const path = raw.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (path === '') throw new ConfigError('DATABASE_URL "sqlite:" needs a file path, e.g. sqlite:./data/helpdesk.db');
    return { dialect: 'sqlite', path, url: raw };
  }
  throw new ConfigError(
    `DATABASE_URL must start with postgres:// (PostgreSQL) or sqlite: (SQLite file), got "${redactUrl(raw)}"`,
  );
}

function timeZone(env: Env): string {
  const tz = env.TZ?.trim() || 'UTC';
  // UTC is valid without asking Intl, whose first use costs 4.8 MB resident (billing/billing-period.ts).
  if (tz === 'UTC') return tz;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    throw new ConfigError(`TZ must be an IANA time zone such as UTC or Europe/Paris, got "${tz}"`);
  }
  return tz;
}

function retryDelays(env: Env): number[] {
  const raw = env.WEBHOOK_RETRY_DELAYS_MS?.trim();
  if (!raw) return [60_000, 120_000, 240_000, 480_000];
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^\d+$/.test(p))) {
    throw new ConfigError(`WEBHOOK_RETRY_DELAYS_MS must be comma-separated milliseconds, got "${raw}"`);
  }
  return parts.map(Number);
}

function corsOrigins(env: Env): string[] {
  const raw = env.CORS_ORIGINS?.trim();
  if (!raw) return [];
  const list = raw
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of list) {
    if (origin !== '*' && !/^https?:\/\/[^/\s]+$/.test(origin)) {
      throw new ConfigError(
        `CORS_ORIGINS must be * or comma-separated origins like https://app.example.com, got "${origin}"`,
      );
    }
  }
  return list;
}

const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];
const proxyAddress = (entry: string): boolean => {
  try {
    if (entry.includes('/')) ipaddr.parseCIDR(entry);
    else ipaddr.parse(entry);
    return true;
  } catch {
    return false;
  }
};

/**
 * TRUST_PROXY: off by default (X-Forwarded-For is ignored, the client is the socket's peer). "true"
 * trusts every hop (only behind a proxy that overwrites the header), and a comma-separated list names
 * the proxies (addresses, CIDRs, loopback/linklocal/uniquelocal). No hop count: it cannot check that
 * the peer is a proxy at all, and Fastify 5 reads one as "trust nothing".
 */
function trustProxy(env: Env): boolean | string[] {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || ['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (/^\d+$/.test(raw)) {
    throw new ConfigError(
      `TRUST_PROXY must name the proxies (addresses or CIDRs such as 10.0.0.0/8), not a hop count, got "${raw}"`,
    );
  }
  const list = raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (!PROXY_KEYWORDS.includes(entry.toLowerCase()) && !proxyAddress(entry)) {
      throw new ConfigError(
        `TRUST_PROXY must be false, true, or comma-separated proxy addresses/CIDRs (e.g. 10.0.0.0/8,loopback), got "${entry}"`,
      );
    }
  }
  return list.map((e) => (PROXY_KEYWORDS.includes(e.toLowerCase()) ? e.toLowerCase() : e));
}

function withPoolSize(database: DatabaseConfig, env: Env): DatabaseConfig {
  if (database.dialect !== 'postgres') return database;
  return {
    ...database,
    poolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    // On by default: a pooler that does not carry them (PgBouncer before 1.21 in transaction mode) is
    // noticed at its first refusal and the process goes on without them (db/pg-prepared-statements.ts).
    preparedStatements: boolean(env, 'DATABASE_PREPARED_STATEMENTS', true),
  };
}

// LISTEN and migrations need a session of their own, which a transaction-mode PgBouncer in
// DATABASE_URL cannot give: DATABASE_DIRECT_URL points them at PostgreSQL itself.
function withDirectUrl(database: DatabaseConfig, env: Env): DatabaseConfig {
  const raw = env.DATABASE_DIRECT_URL?.trim();
  if (!raw) return database;
  if (database.dialect !== 'postgres') {
    throw new ConfigError('DATABASE_DIRECT_URL is for PostgreSQL only: DATABASE_URL selects SQLite');
  }
  if (!postgresUrl('DATABASE_DIRECT_URL', raw)) {
    throw new ConfigError(`DATABASE_DIRECT_URL must start with postgres:// or postgresql://, got "${redactUrl(raw)}"`);
  }
  return { ...database, directUrl: raw };
}

function publicUrl(env: Env, port: number): string {
  const raw = env.PUBLIC_URL?.trim();
  if (!raw) return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an http:// or https:// URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`PUBLIC_URL must be an http:// or https:// URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

/** AI_BASE_URL and AI_MODEL together configure the provider; either alone is a mistake worth stopping for. */
function aiConfig(env: Env): AiConfig | null {
  const raw = env.AI_BASE_URL?.trim();
  const model = env.AI_MODEL?.trim();
  if (!raw && !model) return null;
  if (!raw || !model) throw new ConfigError('AI_BASE_URL and AI_MODEL must be set together (or neither)');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`AI_BASE_URL must be an http:// or https:// URL, got "${redactUrl(raw)}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new ConfigError(`AI_BASE_URL must be an http:// or https:// URL without query, got "${redactUrl(raw)}"`);
  }
  return {
    baseUrl: raw.replace(/\/+$/, ''),
    apiKey: env.AI_API_KEY?.trim() || null,
    model,
    embeddingModel: env.AI_EMBEDDING_MODEL?.trim() || null,
    // The whole call stays inside the server's 30 s request deadline (http/timeouts.ts), so a slow model
    // ends in an answer without it rather than in a 503.
    connectTimeoutMs: integer(env, 'AI_CONNECT_TIMEOUT_MS', 3_000, 1, 25_000),
    firstByteTimeoutMs: integer(env, 'AI_FIRST_BYTE_TIMEOUT_MS', 15_000, 1, 25_000),
    idleTimeoutMs: integer(env, 'AI_IDLE_TIMEOUT_MS', 10_000, 1, 25_000),
    totalTimeoutMs: integer(env, 'AI_TOTAL_TIMEOUT_MS', 20_000, 1, 25_000),
    maxRetries: integer(env, 'AI_MAX_RETRIES', 2, 0, 10),
  };
}

export function loadConfig(env: Env = process.env): Config {
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError(`REDIS_URL must start with redis:// or rediss://, got "${redactUrl(redisUrl)}"`);
  }
  const timeoutMs = integer(env, 'WEBHOOK_TIMEOUT_MS', 30_000, 1);
  const maxMessageBytes = integer(env, 'SMTP_INBOUND_MAX_BYTES', 25 * 1024 * 1024, 1024, 1024 * 1024 * 1024);
  return {
    database: withDirectUrl(
      withPoolSize(parseDatabaseUrl(env.DATABASE_URL?.trim() || 'sqlite:./data/helpdesk.db'), env),
      env,
    ),
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST?.trim() || '0.0.0.0',
    logLevel,
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 600, 0),
    apiKeyCacheTtlMs: integer(env, 'API_KEY_CACHE_TTL_MS', 5_000, 0, 60_000),
    redisUrl,
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1_048_576, 1),
    corsOrigins: corsOrigins(env),
    timeZone: timeZone(env),
    idempotencyTtlHours: integer(env, 'IDEMPOTENCY_TTL_HOURS', 24, 1, 24 * 365),
    metricsEnabled: boolean(env, 'METRICS_ENABLED', true),
    overload: {
      maxEventLoopDelayMs: integer(env, 'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS', 1_000, 0, 60_000),
      sampleIntervalMs: integer(env, 'OVERLOAD_SAMPLE_INTERVAL_MS', 1_000, 10, 60_000),
      retryAfterSeconds: integer(env, 'OVERLOAD_RETRY_AFTER_SECONDS', 5, 1, 3_600),
    },
    trustProxy: trustProxy(env),
    publicUrl: publicUrl(env, integer(env, 'PORT', 3000, 0, 65535)),
    secretKey: env.SECRET_KEY?.trim() || null,
    compression: {
      enabled: boolean(env, 'COMPRESSION_ENABLED', true),
      minBytes: integer(env, 'COMPRESSION_MIN_BYTES', 1_024, 0),
    },
    representationCacheBytes: integer(env, 'REPRESENTATION_CACHE_MB', 8, 0, 1024) * 1024 * 1024,
    eventRetentionDays: integer(env, 'EVENT_RETENTION_DAYS', 30, 1, 3650),
    eventStream: {
      pingMs: integer(env, 'EVENT_STREAM_PING_MS', 15_000, 10, 20_000),
      pollMs: integer(env, 'EVENT_STREAM_POLL_MS', 1_000, 10, 60_000),
      maxBufferedBytes: integer(env, 'EVENT_STREAM_MAX_BUFFERED_BYTES', 262_144, 1_024),
      presenceTtlMs: integer(env, 'PRESENCE_TTL_MS', 30_000, 100, 600_000),
    },
    widget: {
      sessionsPerHour: integer(env, 'WIDGET_SESSIONS_PER_HOUR', 20, 1, 100_000),
      conversationsPerHour: integer(env, 'WIDGET_CONVERSATIONS_PER_HOUR', 10, 1, 100_000),
      messagesPerMinute: integer(env, 'WIDGET_MESSAGES_PER_MINUTE', 20, 1, 100_000),
      followUpDelayMs: integer(env, 'WIDGET_FOLLOW_UP_DELAY_MS', 600_000, 0, 7 * 86_400_000),
      followUpPollMs: integer(env, 'WIDGET_FOLLOW_UP_POLL_MS', 5_000, 10, 600_000),
    },
    dataDir: env.DATA_DIR?.trim() || './data',
    mail: {
      smtpInbound: {
        port: env.SMTP_INBOUND_PORT?.trim() ? integer(env, 'SMTP_INBOUND_PORT', 0, 0, 65535) : null,
        host: env.SMTP_INBOUND_HOST?.trim() || '0.0.0.0',
      },
      maxMessageBytes,
      attachmentMaxBytes: integer(env, 'MAIL_ATTACHMENT_MAX_BYTES', 20 * 1024 * 1024, 0, 1024 * 1024 * 1024),
      attachmentsMaxBytesPerMessage: integer(env, 'MAIL_ATTACHMENTS_MAX_BYTES', maxMessageBytes, 0, 1024 * 1024 * 1024),
      mailgunSigningKey: env.MAILGUN_SIGNING_KEY?.trim() || null,
      processing: {
        leaseMs: integer(env, 'MAIL_INBOUND_LEASE_MS', 300_000, 1_000),
        intervalMs: integer(env, 'MAIL_INBOUND_POLL_MS', 5_000, 100),
      },
      mailboxCacheTtlMs: integer(env, 'MAILBOX_CACHE_TTL_MS', 5_000, 0, 60_000),
      imapPollMs: integer(env, 'IMAP_POLL_SECONDS', 60, 1, 86_400) * 1000,
    },
    mailOut: {
      smtpUrl: smtpUrl(env),
      retryDelaysMs: [60_000, 300_000, 900_000, 3_600_000],
      // An attempt's SMTP timeouts are scaled to end within the lease (mail-transports.ts).
      leaseMs: integer(env, 'MAIL_OUTBOUND_LEASE_MS', 300_000, 1_000),
      pollIntervalMs: integer(env, 'MAIL_OUTBOUND_POLL_MS', 1_000, 10),
    },
    ai: aiConfig(env),
    webhooks: {
      allowPrivateTargets: boolean(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', false),
      retryDelaysMs: retryDelays(env),
      timeoutMs,
      concurrency: integer(env, 'WEBHOOK_WORKER_CONCURRENCY', 64, 1, 1000),
      // The lease must outlive the request timeout so a healthy worker never loses its claim mid-attempt.
      leaseMs: integer(env, 'WEBHOOK_LEASE_MS', timeoutMs + 30_000, timeoutMs + 1),
      pollIntervalMs: integer(env, 'WEBHOOK_POLL_INTERVAL_MS', 1_000, 10),
      nice: integer(env, 'WEBHOOK_WORKER_NICE', 0, 0, 19),
    },
  };
}
