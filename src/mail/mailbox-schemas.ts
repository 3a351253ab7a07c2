import { Type, type Static } from 'typebox';
import { Nullable, NullableTimestamp, StringEnum, Timestamp } from '../shared/schemas.js';

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: '1 to 100 characters' });
const Address = Type.String({
  minLength: 3,
  maxLength: 254,
  description: 'The support address mail is received at (unique across every organization; stored lowercased)',
});
const Host = Type.String({ minLength: 1, maxLength: 253, pattern: '^[^\\s/]+$' });
const Port = Type.Integer({ minimum: 1, maximum: 65535 });
const Tls = StringEnum(['implicit', 'starttls', 'none'] as const);
const Secret = Type.String({
  minLength: 1,
  maxLength: 1000,
  description: 'Write-only: stored encrypted, never returned',
});

export const ImapInput = Type.Object(
  {
    host: Host,
    port: Port,
    tls: Tls,
    username: Type.String({ minLength: 1, maxLength: 320 }),
    password: Type.Optional(Secret),
    folder: Type.Optional(Type.String({ minLength: 1, maxLength: 200, default: 'INBOX' })),
  },
  { description: 'Poll this mailbox over IMAP. password is required unless the mailbox already has one' },
);
export const SmtpInput = Type.Object(
  {
    host: Host,
    port: Port,
    tls: Tls,
    username: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 320 }))),
    password: Type.Optional(Nullable(Secret)),
  },
  { description: 'Send replies through this server (else through SMTP_URL)' },
);
export type ImapInputValue = Static<typeof ImapInput>;
export type SmtpInputValue = Static<typeof SmtpInput>;

const MailgunKey = Type.Optional(
  Nullable(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        "Write-only: the Mailgun webhook signing key for this mailbox's inbound URL (else MAILGUN_SIGNING_KEY)",
    }),
  ),
);

export const CreateMailboxBody = Type.Object({
  name: Name,
  address: Address,
  from_name: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  imap: Type.Optional(Nullable(ImapInput)),
  smtp: Type.Optional(Nullable(SmtpInput)),
  mailgun_signing_key: MailgunKey,
});
export type CreateMailboxInput = Static<typeof CreateMailboxBody>;

export const UpdateMailboxBody = Type.Object({
  name: Type.Optional(Name),
  address: Type.Optional(Address),
  from_name: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  imap: Type.Optional(Nullable(ImapInput)),
  smtp: Type.Optional(Nullable(SmtpInput)),
  mailgun_signing_key: MailgunKey,
});
export type UpdateMailboxInput = Static<typeof UpdateMailboxBody>;

export const MailboxIdParams = Type.Object({ mailbox_id: Type.String() });

const ImapView = Type.Object({
  host: Type.String(),
  port: Type.Integer(),
  tls: Tls,
  username: Type.String(),
  folder: Type.String(),
});
const SmtpView = Type.Object({
  host: Type.String(),
  port: Type.Integer(),
  tls: Tls,
  username: Nullable(Type.String()),
});

export const MailboxSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  address: Type.String(),
  from_name: Nullable(Type.String()),
  imap: Nullable(ImapView),
  smtp: Nullable(SmtpView),
  status: StringEnum(['active', 'error'] as const, { description: 'error: the last IMAP poll failed (last_error)' }),
  last_error: Nullable(Type.String()),
  last_polled_at: NullableTimestamp,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type MailboxView = Static<typeof MailboxSchema>;

export const MailboxWithUrlSchema = Type.Object({
  ...MailboxSchema.properties,
  inbound_url: Type.String({
    description: 'Where providers post inbound mail; carries a secret token, shown only on create and rotation',
  }),
});
export type MailboxWithUrlView = Static<typeof MailboxWithUrlSchema>;

export const DeletedSchema = Type.Object({ deleted: Type.Boolean() });

export const FailureIdParams = Type.Object({ mailbox_id: Type.String(), failure_id: Type.String() });

export const InboundFailureSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  message_id: Nullable(
    Type.String({ description: 'The Message-ID, without angle brackets (null: the mail had none)' }),
  ),
  source: Type.String({ description: 'How it came in: smtp, imap, webhook, postmark or mailgun' }),
  from: Nullable(Type.String({ description: 'The sender, when the mail could be read that far' })),
  subject: Nullable(Type.String()),
  error: Type.String({ description: 'Why it could not become a ticket message' }),
  attempt_count: Type.Integer(),
  size: Type.Integer({ description: 'Bytes of the raw message' }),
  received_at: Timestamp,
});

export const RequeuedSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  state: StringEnum(['queued'] as const),
});

export const InboundTokenParams = Type.Object({ token: Type.String() });

export const InboundAcceptedSchema = Type.Object({
  stored: Type.Boolean({ description: 'true: stored now; false: the mailbox already had this Message-ID' }),
  duplicate: Type.Boolean(),
});

export const TestMailBody = Type.Object({
  to: Type.Optional(
    Type.String({
      minLength: 3,
      maxLength: 254,
      description: "Where to send the test mail (default: the signed-in user's email; required with an API key)",
    }),
  ),
});

export const TestMailResultSchema = Type.Object({
  status: StringEnum(['sent', 'failed'] as const, {
    description: 'sent: the SMTP server accepted the mail; failed: it refused, or could not be reached (error)',
  }),
  from: Type.String(),
  to: Type.String(),
  message_id: Type.String({ description: 'The Message-ID of the test mail, angle brackets included' }),
  response: Nullable(Type.String({ description: "The SMTP server's answer when it accepted the mail" })),
  error: Nullable(Type.String({ description: 'Why sending failed' })),
});
