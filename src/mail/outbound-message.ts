// The mail a reply becomes, built from stored rows only (pure, unit-tested): who it is from and to,
// the subject that keeps the ticket's number in view, the headers that continue the thread, and the
// text with an HTML twin made by escaping it (never by trusting it: the reply is plain text).

export interface ReplyMailInput {
  mailbox: { address: string; from_name: string | null };
  agentName: string | null;
  customer: { email: string; name: string | null };
  ticket: { subject: string; number: number };
  content: string;
  /** This mail's Message-ID, angle brackets included. */
  messageId: string;
  /** The thread's earlier Message-IDs, oldest first (angle brackets included). */
  thread: readonly string[];
  /** Where replies should go (the mailbox address carrying the ticket's reply token), if any. */
  replyTo?: string | null;
}

export interface ReplyMail {
  from: { name: string; address: string };
  to: { name: string; address: string };
  replyTo?: string;
  subject: string;
  messageId: string;
  inReplyTo?: string;
  references?: string[];
  text: string;
  html: string;
  envelope: { from: string; to: string };
}

/** References keeps the first Message-ID of the thread and the most recent ones, as RFC 5322 suggests. */
export const MAX_REFERENCES = 20;

/** `Re: <subject> [#N]`, without stacking a second `Re:` or a second tag. */
export function replySubject(subject: string, number: number): string {
  const clean = subject.replace(/[\r\n]+/g, ' ').trim();
  const tag = `[#${number}]`;
  const base = /^re:/i.test(clean) ? clean : `Re: ${clean}`;
  return base.includes(tag) ? base : `${base} ${tag}`;
}

/** The sender's display name: the agent's name and the mailbox's from_name, whichever there are. */
export function displayName(agentName: string | null, fromName: string | null): string {
  const agent = agentName?.trim() || null;
  const from = fromName?.trim() || null;
  if (agent && from) return `${agent} (${from})`;
  return agent ?? from ?? '';
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The text as HTML: escaped, line breaks kept, nothing of the text interpreted as markup. */
export function htmlOf(text: string): string {
  const body = escapeHtml(text).replace(/\r?\n/g, '<br>\n');
  return `<!DOCTYPE html><html><body><div style="white-space: pre-wrap">${body}</div></body></html>`;
}

export function threadReferences(thread: readonly string[]): string[] {
  if (thread.length <= MAX_REFERENCES) return [...thread];
  return [thread[0]!, ...thread.slice(thread.length - (MAX_REFERENCES - 1))];
}

export function composeReply(input: ReplyMailInput): ReplyMail {
  const references = threadReferences(input.thread);
  const last = input.thread[input.thread.length - 1];
  return {
    from: { name: displayName(input.agentName, input.mailbox.from_name), address: input.mailbox.address },
    to: { name: input.customer.name ?? '', address: input.customer.email },
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
    subject: replySubject(input.ticket.subject, input.ticket.number),
    messageId: input.messageId,
    ...(last ? { inReplyTo: last, references } : {}),
    text: input.content,
    html: htmlOf(input.content),
    envelope: { from: input.mailbox.address, to: input.customer.email },
  };
}
