import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

// A local SMTP server that keeps what it accepts (the receiving side of outbound mail in tests). Its
// answer to each message can be changed (`reject`), to test retries and refusals; `accepted` holds
// exactly the messages it answered 250 to, parsed, with their raw bytes and envelope.

export interface SunkMail {
  raw: string;
  parsed: Email;
  envelope: { from: string; to: string[] };
}

export interface SmtpSink {
  port: number;
  url: string;
  accepted: SunkMail[];
  /** Answer every following message with this SMTP code and text instead of 250 (null: accept again). */
  reject(answer: { code: number; message: string } | null): void;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const accepted: SunkMail[] = [];
  let rejection: { code: number; message: string } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (rejection) {
          const err = Object.assign(new Error(rejection.message), { responseCode: rejection.code });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        void PostalMime.parse(raw).then((parsed) => {
          accepted.push({
            raw,
            parsed,
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
          });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    reject: (answer) => {
      rejection = answer;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
