import type { Message, Note, Ticket } from '../types';
import { Attachments, DeliveryState, MailHeader } from './MailDetails';

type Entry = { kind: 'message'; item: Message } | { kind: 'note'; item: Note };

// Customer messages, agent replies and internal notes in time order; notes look different and say so in text,
// not only by colour.
export function Thread({
  messages,
  notes,
  ticket,
}: {
  messages: Message[];
  notes: Note[];
  ticket: Pick<Ticket, 'channel' | 'customer'>;
}) {
  const entries: Entry[] = [
    ...messages.map((item) => ({ kind: 'message' as const, item })),
    ...notes.map((item) => ({ kind: 'note' as const, item })),
  ].sort((a, b) => a.item.created_at.localeCompare(b.item.created_at));
  return (
    <ol className="thread" aria-label="Conversation">
      {entries.map((entry) => {
        const { item } = entry;
        const kind = entry.kind === 'note' ? 'note' : entry.item.type === 'INBOUND' ? 'inbound' : 'outbound';
        const who = item.author?.name ?? item.author?.email ?? (kind === 'inbound' ? 'Customer' : 'Agent');
        return (
          <li key={`${entry.kind}-${item.id}`} className={`entry entry-${kind}`}>
            <div className="entry-head">
              <strong>{who}</strong>
              <span className="entry-kind">
                {kind === 'note' ? 'Internal note' : kind === 'inbound' ? 'Customer' : 'Reply'}
              </span>
              <time dateTime={item.created_at} className="muted">
                {new Date(item.created_at).toLocaleString()}
              </time>
            </div>
            {entry.kind === 'message' && <MailHeader message={entry.item} ticket={ticket} />}
            <div className="entry-body">{item.content}</div>
            {entry.kind === 'message' && (
              <>
                <Attachments message={entry.item} />
                <DeliveryState message={entry.item} />
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}
