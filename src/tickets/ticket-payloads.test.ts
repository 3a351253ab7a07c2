import { describe, expect, it } from 'vitest';
import {
  messageEventData,
  messageView,
  ticketChanges,
  ticketEventData,
  ticketListItem,
  ticketView,
  type MessageRow,
  type TicketRelations,
  type TicketRow,
} from './ticket-payloads.js';
import { caseVariants, escapeLike, ftsPhrase, parseSearch } from './ticket-search.js';

const row: TicketRow = {
  id: 't-1',
  organization_id: 'org-1',
  number: 42,
  subject: 'Subject',
  status: 'CLOSED',
  priority: 'HIGH',
  channel: 'API',
  customer_id: 'c-1',
  assignee_id: 'u-1',
  team_id: 'team-1',
  external_organization_id: 'ext-1',
  external_organization_name: 'Ext',
  message_count: 3,
  created_at: Date.parse('2026-01-02T03:04:05.006Z'),
  updated_at: Date.parse('2026-01-03T00:00:00.000Z'),
  closed_at: Date.parse('2026-01-04T00:00:00.000Z'),
};
const rel: TicketRelations = {
  customer: { id: 'c-1', email: 'c@example.com', name: null, external_user_id: 'x-1' },
  assignee: { id: 'u-1', name: 'Una', email: 'una@staff.example' },
  team: { id: 'team-1', name: 'Team' },
  tags: [{ id: 'tag-1', name: 'a', color: '#000000' }],
};
const message: MessageRow = {
  id: 'm-1',
  ticket_id: 't-1',
  type: 'OUTBOUND',
  content: 'hello',
  author_type: 'user',
  author_id: 'u-1',
  author_email: 'una@staff.example',
  author_name: 'Una',
  created_at: Date.parse('2026-01-02T03:04:05.007Z'),
};

describe('ticket payload builders', () => {
  it('builds the full ticket view with string number, ISO times and messages', () => {
    expect(ticketView(row, rel, [message])).toEqual({
      id: 't-1',
      ticket_number: '42',
      subject: 'Subject',
      status: 'CLOSED',
      priority: 'HIGH',
      channel: 'API',
      external_organization_id: 'ext-1',
      external_organization_name: 'Ext',
      customer: { id: 'c-1', email: 'c@example.com', name: null, external_user_id: 'x-1' },
      assignee: { id: 'u-1', name: 'Una', email: 'una@staff.example' },
      team: { id: 'team-1', name: 'Team' },
      tags: [{ id: 'tag-1', name: 'a', color: '#000000' }],
      messages: [
        {
          id: 'm-1',
          content: 'hello',
          type: 'OUTBOUND',
          author: { type: 'user', id: 'u-1', email: 'una@staff.example', name: 'Una' },
          created_at: '2026-01-02T03:04:05.007Z',
        },
      ],
      created_at: '2026-01-02T03:04:05.006Z',
      updated_at: '2026-01-03T00:00:00.000Z',
      closed_at: '2026-01-04T00:00:00.000Z',
    });
  });

  it('builds list items with message_count and without messages or closed_at', () => {
    const item = ticketListItem(row, { ...rel, assignee: null, team: null, tags: [] });
    expect(item).toMatchObject({ message_count: 3, assignee: null, team: null, tags: [] });
    expect(item).not.toHaveProperty('messages');
    expect(item).not.toHaveProperty('closed_at');
  });

  it('builds event data without customer external_user_id or external organization fields', () => {
    const data = ticketEventData({ ...row, closed_at: null }, rel);
    expect(data).toEqual({
      id: 't-1',
      ticket_number: '42',
      subject: 'Subject',
      status: 'CLOSED',
      priority: 'HIGH',
      channel: 'API',
      customer: { id: 'c-1', email: 'c@example.com', name: null },
      assignee: { id: 'u-1', name: 'Una', email: 'una@staff.example' },
      team: { id: 'team-1', name: 'Team' },
      tags: [{ id: 'tag-1', name: 'a', color: '#000000' }],
      created_at: '2026-01-02T03:04:05.006Z',
      updated_at: '2026-01-03T00:00:00.000Z',
      closed_at: null,
    });
    expect(messageEventData(message, row)).toEqual({
      id: 'm-1',
      ticket_id: 't-1',
      ticket_number: '42',
      content: 'hello',
      type: 'OUTBOUND',
      author: { type: 'user', id: 'u-1', email: 'una@staff.example', name: 'Una' },
      created_at: '2026-01-02T03:04:05.007Z',
    });
  });

  it('gives a null author when the message has none', () => {
    expect(messageView({ ...message, author_type: null, author_id: null }).author).toBeNull();
  });

  describe('ticketChanges', () => {
    const una = { id: 'u-1', name: 'Una', email: 'u@x' };
    const tagA = { id: 'a', name: 'a', color: '#111111' };
    const tagB = { id: 'b', name: 'b', color: '#222222' };
    const base = { status: 'OPEN', priority: 'LOW', assignee: null, tags: [tagA] };

    it('is null when nothing tracked changed (tag order does not matter)', () => {
      expect(ticketChanges(base, { ...base })).toBeNull();
      expect(ticketChanges({ ...base, tags: [tagA, tagB] }, { ...base, tags: [tagB, tagA] })).toBeNull();
      expect(ticketChanges({ ...base, assignee: una }, { ...base, assignee: { ...una } })).toBeNull();
    });

    it('lists each changed field with from and to', () => {
      expect(ticketChanges(base, { status: 'CLOSED', priority: 'URGENT', assignee: una, tags: [tagA, tagB] })).toEqual({
        status: { from: 'OPEN', to: 'CLOSED' },
        priority: { from: 'LOW', to: 'URGENT' },
        assignee: { from: null, to: una },
        tags: { from: [tagA], to: [tagA, tagB] },
      });
      expect(ticketChanges({ ...base, assignee: una }, base)).toEqual({ assignee: { from: una, to: null } });
      expect(ticketChanges(base, { ...base, tags: [tagB] })).toEqual({ tags: { from: [tagA], to: [tagB] } });
    });
  });
});

describe('search term preparation', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });

  it('quotes FTS5 phrases, doubling embedded quotes', () => {
    expect(ftsPhrase('say "hi"')).toBe('"say ""hi"""');
  });

  it('recognises ticket numbers with or without #', () => {
    expect(parseSearch('#12')?.number).toBe(12);
    expect(parseSearch(' 0007 ')?.number).toBe(7);
    expect(parseSearch('12a')?.number).toBeNull();
    expect(parseSearch('##12')?.number).toBeNull();
    expect(parseSearch('1234567890123456')?.number).toBeNull();
  });

  it('counts characters, not UTF-16 units, to decide between trigram index and LIKE', () => {
    expect(parseSearch('ab')).toMatchObject({ indexed: false, chars: 2 });
    expect(parseSearch('abc')).toMatchObject({ indexed: true, likeVariants: [] });
    expect(parseSearch('😀😀')).toMatchObject({ indexed: false, chars: 2 });
    expect(parseSearch('   ')).toBeNull();
    expect(parseSearch(undefined)).toBeNull();
  });

  it('enumerates case variants for short terms', () => {
    expect(caseVariants('öZ').sort()).toEqual(['ÖZ', 'Öz', 'öZ', 'öz'].sort());
    expect(caseVariants('1%')).toEqual(['1%']);
    expect(parseSearch('a_')?.likeVariants.sort()).toEqual(['%A\\_%', '%a\\_%']);
  });
});
