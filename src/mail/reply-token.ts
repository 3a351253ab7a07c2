import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Reply tokens: how a reply names its ticket without trusting anything a stranger could write. A token
// is the ticket's id and an HMAC-SHA256 tag of (organization, ticket) under the installation's
// reply-token key, in lowercase hex (48 characters): mail systems may change the case of an
// address's local part, and hex survives that. It travels in the reply-to address
// (`support+TOKEN@example.com`) and in the Message-IDs the service makes (`<TOKEN.RANDOM@domain>`),
// which replies carry back in In-Reply-To and References. Without the key no token can be made, and
// a token of another organization's ticket does not verify here.

const TAG_BYTES = 8;
const TOKEN = /^([0-9a-f]{32})([0-9a-f]{16})$/;

function tag(key: Buffer, organizationId: string, ticketId: string): Buffer {
  return createHmac('sha256', key)
    .update(`reply-token:v1:${organizationId.toLowerCase()}:${ticketId.toLowerCase()}`)
    .digest()
    .subarray(0, TAG_BYTES);
}

const uuidHex = (id: string) => id.toLowerCase().replace(/-/g, '');
const hexUuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** The reply token of a ticket (its id is a UUID). */
export function encodeReplyToken(key: Buffer, organizationId: string, ticketId: string): string {
  const hex = uuidHex(ticketId);
  if (!/^[0-9a-f]{32}$/.test(hex)) throw new Error('a reply token needs a UUID ticket id');
  return hex + tag(key, organizationId, ticketId).toString('hex');
}

/** The ticket id a token names, when its tag verifies for this organization; otherwise null. */
export function decodeReplyToken(key: Buffer, organizationId: string, token: string): string | null {
  const match = TOKEN.exec(token.trim().toLowerCase());
  if (!match) return null;
  const ticketId = hexUuid(match[1]);
  const given = Buffer.from(match[2], 'hex');
  return timingSafeEqual(given, tag(key, organizationId, ticketId)) ? ticketId : null;
}

/** A Message-ID for mail the service sends about a ticket: `<TOKEN.RANDOM@domain>` (angle brackets included). */
export function makeMessageId(key: Buffer, organizationId: string, ticketId: string, domain: string): string {
  return `<${encodeReplyToken(key, organizationId, ticketId)}.${randomBytes(8).toString('hex')}@${domain}>`;
}

/** The ticket a service-made Message-ID (with or without angle brackets) names, if it verifies. */
export function ticketFromMessageId(key: Buffer, organizationId: string, messageId: string): string | null {
  const local = messageId.trim().replace(/^</, '').split('@')[0] ?? '';
  const token = local.split('.')[0] ?? '';
  return decodeReplyToken(key, organizationId, token);
}
