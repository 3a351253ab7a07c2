// The configuration every command reads (src/config.ts), listed under `--help` so an operator does
// not need the README to find a variable's name. Keep in step with config.ts and the README's table.
const VARIABLES: [string, string][] = [
  ['DATABASE_URL', 'sqlite:PATH or postgres://user:password@host:port/db (default sqlite:./data/helpdesk.db)'],
  ['DATABASE_POOL_SIZE', 'PostgreSQL connections per process (default 10)'],
  ['DATABASE_PREPARED_STATEMENTS', 'PostgreSQL: reuse prepared statements per connection (default true)'],
  ['DATABASE_DIRECT_URL', 'PostgreSQL: direct connection for LISTEN and migrations behind PgBouncer'],
  ['PORT, HOST', 'where `serve` listens (default 3000 on 0.0.0.0)'],
  ['LOG_LEVEL', 'fatal|error|warn|info|debug|trace|silent (default info)'],
  ['RATE_LIMIT_PER_MINUTE', 'requests per minute per API key, 0 = off (default 600)'],
  ['REDIS_URL', 'redis://…: rate-limit counters shared by every instance'],
  ['API_KEY_CACHE_TTL_MS', 'how long an authenticated key is trusted without a read (default 5000)'],
  ['EVENT_RETENTION_DAYS', 'events and delivery records older than this are deleted (default 30)'],
  ['EVENT_STREAM_PING_MS', 'keep-alive comment interval of live event streams (default 15000, at most 20000)'],
  ['EVENT_STREAM_POLL_MS', 'live event streams: fallback read of the log when no wake-up came (default 1000)'],
  ['EVENT_STREAM_MAX_BUFFERED_BYTES', 'unsent output after which a slow stream client is dropped (default 262144)'],
  ['PRESENCE_TTL_MS', 'how long a viewing/typing report is shown (default 30000)'],
  ['WIDGET_SESSIONS_PER_HOUR', 'chat widget: new visitor sessions per client address per hour (default 20)'],
  ['WIDGET_CONVERSATIONS_PER_HOUR', 'chat widget: conversations per visitor per hour, x3 per address (default 10)'],
  ['WIDGET_MESSAGES_PER_MINUTE', 'chat widget: messages per visitor per minute, x5 per address (default 20)'],
  ['IDEMPOTENCY_TTL_HOURS', 'how long an Idempotency-Key and its answer are kept (default 24)'],
  ['BODY_LIMIT_BYTES', 'largest request body (default 1048576)'],
  ['CORS_ORIGINS', 'browser origins allowed (* or a comma-separated list)'],
  ['TZ', 'time zone of the billing month (default UTC)'],
  ['TRUST_PROXY', 'false|true|proxy addresses/CIDRs whose X-Forwarded-For is believed (default false)'],
  ['PUBLIC_URL', 'base URL of the links the service prints and answers (default http://localhost:PORT)'],
  [
    'SECRET_KEY',
    'encrypts two-factor secrets and mailbox passwords at rest (default: a random key kept in the database)',
  ],
  ['METRICS_ENABLED', 'GET /metrics, Prometheus format (default true)'],
  ['OVERLOAD_MAX_EVENT_LOOP_DELAY_MS', '503 for new requests past this event-loop delay, 0 = off (default 1000)'],
  ['OVERLOAD_SAMPLE_INTERVAL_MS', 'how often the event-loop delay is sampled (default 1000)'],
  ['OVERLOAD_RETRY_AFTER_SECONDS', 'Retry-After of those 503s (default 5)'],
  ['COMPRESSION_ENABLED', 'compress responses the client accepts compressed (default true)'],
  ['COMPRESSION_MIN_BYTES', 'smallest body compressed (default 1024)'],
  ['REPRESENTATION_CACHE_MB', 'SQLite: ticket representations kept until the next write, 0 = off (default 8)'],
  ['DATA_DIR', 'where files are kept: large received mail, attachments (default ./data)'],
  ['SMTP_INBOUND_PORT', '`serve` also receives mail by SMTP on this port (unset: no listener)'],
  ['SMTP_INBOUND_HOST', 'address of the SMTP listener (default 0.0.0.0)'],
  ['SMTP_INBOUND_MAX_BYTES', 'largest received message, any way in (default 26214400)'],
  ['MAILGUN_SIGNING_KEY', "Mailgun's webhook signing key, for mailboxes without their own"],
  ['IMAP_POLL_SECONDS', 'how often mailboxes with IMAP settings are polled; IDLE besides (default 60)'],
  ['WEBHOOK_TIMEOUT_MS', 'timeout of one delivery attempt (default 30000)'],
  ['WEBHOOK_RETRY_DELAYS_MS', 'delays before attempts 2–5 (default 60000,120000,240000,480000)'],
  ['WEBHOOK_WORKER_CONCURRENCY', 'deliveries a worker sends at once (default 64)'],
  [
    'WEBHOOK_WORKER_NICE',
    "CPU priority of delivery work as a nice value, 0-19: `worker` processes, the server's delivery thread on Linux (default 0 = as the API; 10 lets API requests go first)",
  ],
  ['WEBHOOK_LEASE_MS', "a worker's claim on a delivery (default timeout + 30000)"],
  ['WEBHOOK_POLL_INTERVAL_MS', 'fallback poll for due retries (default 1000)'],
  ['WEBHOOK_ALLOW_PRIVATE_TARGETS', 'unsafe: webhooks to private addresses (default false)'],
  ['SMTP_URL', 'smtp://user:pass@host:587 (smtps:// for implicit TLS): replies of mailboxes without SMTP settings'],
];

const width = Math.max(...VARIABLES.map(([name]) => name.length));

export const ENVIRONMENT_HELP =
  '\nEnvironment variables (see the README, Configuration):\n' +
  VARIABLES.map(([name, text]) => `  ${name.padEnd(width)}  ${text}`).join('\n') +
  '\n\nExit codes: 0 success, 1 the command failed, 2 usage error.\n';
