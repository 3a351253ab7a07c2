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
          delivery: null,
          attachments: [],
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

  it('builds the full list item (a count read back as text becomes a number)', () => {
    const counted = { ...row, message_count: '7' as unknown as number, closed_at: null };
    expect(ticketListItem(counted, rel)).toEqual({
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
      message_count: 7,
      created_at: '2026-01-02T03:04:05.006Z',
      updated_at: '2026-01-03T00:00:00.000Z',
    });
  });

  it("a list item has the ticket view's keys in its order, message_count in place of messages and closed_at", () => {
    const view = Object.keys(ticketView(row, rel, [])).filter((k) => k !== 'messages' && k !== 'closed_at');
    const at = view.indexOf('created_at');
    expect(Object.keys(ticketListItem(row, rel))).toEqual([...view.slice(0, at), 'message_count', ...view.slice(at)]);
  });

  it('copies only the wire fields of related records', () => {
    const noisy: TicketRelations = {
      customer: { ...rel.customer, internal: 'x' } as TicketRelations['customer'],
      assignee: { ...rel.assignee!, password_hash: 'secret' } as TicketRelations['assignee'],
      team: { ...rel.team!, organization_id: 'org-1' } as TicketRelations['team'],
      tags: [{ ...rel.tags[0], organization_id: 'org-1' } as TicketRelations['tags'][number]],
    };
    const view = ticketView({ ...row, closed_at: null }, noisy, []);
    expect(view.customer).toEqual(rel.customer);
    expect(view.assignee).toEqual(rel.assignee);
    expect(view.team).toEqual(rel.team);
    expect(view.tags).toEqual(rel.tags);
    expect(view.messages).toEqual([]);
    expect(view.closed_at).toBeNull();
    const data = ticketEventData(row, noisy);
    expect(data.assignee).toEqual(rel.assignee);
    expect(data.tags).toEqual(rel.tags);
    expect(data.closed_at).toBe('2026-01-04T00:00:00.000Z');
    expect(ticketEventData(row, { ...rel, assignee: null, team: null, tags: [] })).toMatchObject({
      assignee: null,
      team: null,
      tags: [],
    });
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
    expect(messageView({ ...message, author_type: 'customer', author_id: null }).author).toBeNull();
    expect(messageView({ ...message, author_type: null, author_id: 'c-1' }).author).toBeNull();
    expect(messageEventData({ ...message, author_id: null }, row).author).toBeNull();
  });

  it('describes a customer author, whose name may be unknown', () => {
    const inbound = {
      ...message,
      type: 'INBOUND',
      author_type: 'customer',
      author_id: 'c-1',
      author_email: 'c@example.com',
      author_name: null,
    };
    expect(messageView(inbound)).toEqual({
      id: 'm-1',
      content: 'hello',
      type: 'INBOUND',
      author: { type: 'customer', id: 'c-1', email: 'c@example.com', name: null },
      created_at: '2026-01-02T03:04:05.007Z',
      delivery: null,
      attachments: [],
    });
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

    it('compares tag sets by id: a removed, a replaced or an emptied set is a change', () => {
      const tagC = { id: 'c', name: 'c', color: '#333333' };
      expect(ticketChanges({ ...base, tags: [tagA, tagB] }, { ...base, tags: [tagA] })).toEqual({
        tags: { from: [tagA, tagB], to: [tagA] },
      });
      expect(ticketChanges({ ...base, tags: [tagA, tagB] }, { ...base, tags: [tagA, tagC] })).toEqual({
        tags: { from: [tagA, tagB], to: [tagA, tagC] },
      });
      expect(ticketChanges(base, { ...base, tags: [] })).toEqual({ tags: { from: [tagA], to: [] } });
      expect(ticketChanges({ ...base, tags: [] }, { ...base, tags: [] })).toBeNull();
      expect(ticketChanges(base, { ...base, tags: [{ ...tagA, name: 'renamed', color: '#999999' }] })).toBeNull();
    });

    it('compares assignees by id and reports only the wire fields', () => {
      const other = { id: 'u-2', name: 'Otto', email: 'o@x' };
      expect(ticketChanges({ ...base, assignee: una }, { ...base, assignee: other })).toEqual({
        assignee: { from: una, to: other },
      });
      expect(ticketChanges({ ...base, assignee: una }, { ...base, assignee: { ...una, name: 'Renamed' } })).toBeNull();
      const noisy = { ...other, password_hash: 'x' } as typeof other;
      expect(ticketChanges(base, { ...base, assignee: noisy })).toEqual({ assignee: { from: null, to: other } });
      expect(ticketChanges(base, { ...base, status: 'PENDING' })).toEqual({ status: { from: 'OPEN', to: 'PENDING' } });
      expect(ticketChanges(base, { ...base, priority: 'HIGH' })).toEqual({ priority: { from: 'LOW', to: 'HIGH' } });
    });
  });
});
