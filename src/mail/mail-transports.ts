import nodemailer, { type Transporter } from 'nodemailer';
import type { SmtpSettings } from './mailbox-service.js';

// Pooled SMTP connections to send through: one pool per mailbox with SMTP settings of its own (rebuilt
// when the mailbox changes), and one for SMTP_URL, the installation's default. A pool keeps a few
// connections open and reuses them for the next mail, instead of a TCP and TLS handshake per reply.

/** Timeouts short enough that an attempt ends well within a worker's lease. */
const TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * The timeouts for a lease of leaseMs: an attempt (connect, greeting, then the socket's idle limit) must
 * end before its lease does, or a second claim could send the reply again while the first still runs.
 */
export function timeoutsWithin(leaseMs: number): typeof TIMEOUTS {
  const scale = Math.min(
    1,
    leaseMs / 2 / (TIMEOUTS.connectionTimeout + TIMEOUTS.greetingTimeout + TIMEOUTS.socketTimeout),
  );
  return {
    connectionTimeout: Math.floor(TIMEOUTS.connectionTimeout * scale),
    greetingTimeout: Math.floor(TIMEOUTS.greetingTimeout * scale),
    socketTimeout: Math.floor(TIMEOUTS.socketTimeout * scale),
  };
}
const POOL = { pool: true, maxConnections: 5, maxMessages: 100 } as const;

export interface SendingMailbox {
  id: string;
  updated_at: number;
  smtp: SmtpSettings | null;
  /** The SMTP password, opened (null: none). */
  password: string | null;
}

export function smtpOptions(smtp: SmtpSettings, password: string | null, timeouts = TIMEOUTS) {
  return {
    ...POOL,
    ...timeouts,
    host: smtp.host,
    port: smtp.port,
    secure: smtp.tls === 'implicit',
    requireTLS: smtp.tls === 'starttls',
    ignoreTLS: smtp.tls === 'none',
    ...(smtp.username ? { auth: { user: smtp.username, pass: password ?? '' } } : {}),
  };
}

export function createTransports(smtpUrl: string | null, timeouts = TIMEOUTS) {
  const byMailbox = new Map<string, { version: number; transport: Transporter }>();
  let fallback: Transporter | null = null;

  return {
    /** The transport for this mailbox's mail, or null when neither it nor SMTP_URL says how to send. */
    for(mailbox: SendingMailbox): Transporter | null {
      if (mailbox.smtp) {
        const cached = byMailbox.get(mailbox.id);
        if (cached && cached.version === mailbox.updated_at) return cached.transport;
        cached?.transport.close();
        const transport = nodemailer.createTransport(smtpOptions(mailbox.smtp, mailbox.password, timeouts));
        byMailbox.set(mailbox.id, { version: mailbox.updated_at, transport });
        return transport;
      }
      if (!smtpUrl) return null;
      fallback ??= nodemailer.createTransport({ url: smtpUrl, ...POOL, ...timeouts } as never);
      return fallback;
    },
    close(): void {
      for (const { transport } of byMailbox.values()) transport.close();
      byMailbox.clear();
      fallback?.close();
      fallback = null;
    },
  };
}

export type Transports = ReturnType<typeof createTransports>;
