import type { Message, Ticket } from '../types';
import { attachmentsOf, attachmentUrl, deliveryText, fileSize, mailbox } from './mail-text';

// What a message says about mail: on an EMAIL ticket, who it came from or went to (the API keeps no
// per-message headers; a ticket has one customer, whose address is where its mail comes from and goes to),
// a reply's delivery state, and any files. Everything is text: addresses and file names are never markup.

export function MailHeader({ message, ticket }: { message: Message; ticket: Pick<Ticket, 'channel' | 'customer'> }) {
  if (ticket.channel !== 'EMAIL') return null;
  const { customer } = ticket;
  const line =
    message.type === 'INBOUND'
      ? `From: ${mailbox(message.author?.name ?? customer.name, message.author?.email ?? customer.email)}`
      : `To: ${mailbox(customer.name, customer.email)}`;
  return <p className="mail-meta muted">{line}</p>;
}

export function DeliveryState({ message }: { message: Message }) {
  if (!message.delivery) return null;
  const { status } = message.delivery;
  return (
    <p className={`delivery delivery-${status}`}>
      {deliveryText(message.delivery, (iso) => new Date(iso).toLocaleString())}
    </p>
  );
}

export function Attachments({ message }: { message: Message }) {
  const files = attachmentsOf(message);
  if (files.length === 0) return null;
  return (
    <ul className="attachments" aria-label="Attachments">
      {files.map((file) => (
        <li key={file.id}>
          <a href={attachmentUrl(file.id)} download={file.filename}>
            {file.filename}
          </a>{' '}
          <span className="muted">({fileSize(file.size)})</span>
        </li>
      ))}
    </ul>
  );
}
