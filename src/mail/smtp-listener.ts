import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { InboundService } from './inbound-service.js';

// The built-in SMTP listener (SMTP_INBOUND_PORT): the MX for the mailboxes' domains, or a relay's
// next hop. RCPT TO is accepted only for a mailbox address (letter case and plus tags ignored),
// anything else is refused with 550; a message over the limit is refused with 552; 250 is answered
// only once the message is stored for every mailbox it was addressed to. A storage failure answers
// 451, so the sending server keeps the message and tries again. No authentication and no STARTTLS:
// it receives mail for its own addresses only, as an MX does.

export interface SmtpListenerOptions {
  inbound: Pick<InboundService, 'mailboxFor' | 'storeRawMessage'>;
  host: string;
  port: number;
  maxBytes: number;
  logger?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

interface Target {
  organizationId: string;
  mailboxId: string;
  recipient: string;
}

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });
const targetsOf = (session: SMTPServerSession) =>
  ((session as SMTPServerSession & { targets?: Target[] }).targets ??= []);

export async function startSmtpListener(options: SmtpListenerOptions) {
  const { inbound, maxBytes, logger } = options;
  const server = new SMTPServer({
    name: 'helpdesk',
    banner: 'helpdesk mail intake',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    size: maxBytes,
    logger: false,
    onRcptTo(address, session, callback) {
      inbound.mailboxFor(address.address).then(
        (found) => {
          if (!found) return callback(smtpError(550, `5.1.1 <${address.address}>: no such mailbox here`));
          const targets = targetsOf(session);
          if (!targets.some((t) => t.mailboxId === found.mailbox.id)) {
            targets.push({
              organizationId: found.organizationId,
              mailboxId: found.mailbox.id,
              recipient: address.address,
            });
          }
          callback();
        },
        (err) => {
          logger?.warn({ err }, 'SMTP: could not look up a recipient; the sender will retry');
          callback(smtpError(451, '4.3.0 temporary failure, try again later'));
        },
      );
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        // Past the limit the rest is read and dropped (the stream must be consumed to answer).
        if (!stream.sizeExceeded) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          return callback(smtpError(552, `5.3.4 message larger than the limit of ${maxBytes} bytes`));
        }
        // The pieces as they arrived: a large message is stored from them, never copied whole here.
        const raw = chunks.length === 1 ? chunks[0] : chunks;
        const store = async () => {
          for (const target of targetsOf(session)) {
            await inbound.storeRawMessage({ ...target, raw, source: 'smtp' });
          }
        };
        store().then(
          () => callback(null, 'Message stored'),
          (err) => {
            logger?.warn({ err }, 'SMTP: could not store a message; the sender will retry');
            callback(smtpError(451, '4.3.0 temporary failure, try again later'));
          },
        );
      });
    },
    // A new transaction (next MAIL FROM, after RSET) starts with no recipients.
    onMailFrom(_address, session, callback) {
      targetsOf(session).length = 0;
      callback();
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => logger?.warn({ err }, 'SMTP listener error'));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  logger?.info({ port }, `SMTP listener accepting mail on ${options.host}:${port}`);
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
