import type { Message } from '../types';

// How mail shows on a ticket, as words: a reply's delivery state and the files a mail carried. Pure, so it is
// tested without a browser (test/console-logic.test.ts).

export type Delivery = NonNullable<Message['delivery']>;

export interface Attachment {
  id: string;
  filename: string;
  content_type: string;
  size: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One line a person (and a screen reader) reads: what happened to the mailed reply, and why when it failed. */
export function deliveryText(delivery: Delivery, at: (iso: string) => string = (iso) => iso): string {
  const attempts = plural(delivery.attempt_count, 'attempt');
  if (delivery.status === 'sent') return delivery.sent_at ? `Mail sent ${at(delivery.sent_at)}` : 'Mail sent';
  if (delivery.status === 'failed')
    return `Mail failed after ${attempts}${delivery.last_error ? `: ${delivery.last_error}` : ''}`;
  if (delivery.attempt_count === 0) return 'Mail queued';
  return `Mail queued, retrying (${attempts} so far${delivery.last_error ? `; last error: ${delivery.last_error}` : ''})`;
}

/** 1 KB is 1024 bytes here, as file managers show it. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return plural(bytes, 'byte');
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The files listed on a message. Read defensively: a server that does not list attachments has no field, and
 * anything that is not a complete entry is left out rather than shown half.
 */
export function attachmentsOf(message: Message): Attachment[] {
  const listed = (message as Message & { attachments?: unknown }).attachments;
  if (!Array.isArray(listed)) return [];
  return listed.filter(
    (a): a is Attachment =>
      !!a &&
      typeof a === 'object' &&
      typeof a.id === 'string' &&
      a.id !== '' &&
      typeof a.filename === 'string' &&
      typeof a.size === 'number',
  );
}

/** Where an attachment is downloaded (the session cookie authorizes it). */
export const attachmentUrl = (id: string) => `/api/v1/attachments/${encodeURIComponent(id)}`;

/** "Name <address>", or the address alone. */
export const mailbox = (name: string | null | undefined, address: string) =>
  name && name !== address ? `${name} <${address}>` : address;
