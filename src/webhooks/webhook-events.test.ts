import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, eventTimestamp, payloadAround, serializePayload } from './webhook-events.js';

const timestampOf = (body: string): string => (JSON.parse(body) as { timestamp: string }).timestamp;

describe('webhook event payloads', () => {
  it('knows the ticket, message and customer event types', () => {
    expect(EVENT_TYPES).toEqual([
      'ticket.created',
      'ticket.updated',
      'message.created',
      'ticket.deleted',
      'customer.created',
      'customer.updated',
      'customer.deleted',
      'note.created',
      'article.created',
      'article.updated',
      'article.deleted',
    ]);
  });

  it('builds the same bytes around stored data as serializePayload', () => {
    const data = { changes: { tags: { from: [], to: [{ id: 'a' }] } }, closed_at: null, subject: 'Zoë ☃ "q"' };
    const at = Date.UTC(2026, 0, 2, 3, 4, 5, 6);
    expect(payloadAround('ticket.updated', at, 'org-1', JSON.stringify(data))).toBe(
      serializePayload('ticket.updated', at, 'org-1', data),
    );
  });

  it('stamps events with ISO 8601 UTC time in milliseconds', () => {
    expect(eventTimestamp(Date.UTC(2026, 0, 2, 3, 4, 5, 6))).toBe('2026-01-02T03:04:05.006Z');
    expect(eventTimestamp(0)).toBe('1970-01-01T00:00:00.000Z');
  });

  it('serializes event, timestamp (ISO ms), organization_id and data in that order', () => {
    const body = serializePayload('message.created', Date.UTC(2026, 0, 2, 3, 4, 5, 6), 'org-1', { a: 1 });
    expect(body).toBe(
      '{"event":"message.created","timestamp":"2026-01-02T03:04:05.006Z","organization_id":"org-1","data":{"a":1}}',
    );
    expect(timestampOf(body)).toBe('2026-01-02T03:04:05.006Z');
  });

  it('keeps the data as given, including nulls, nesting and non-ASCII text', () => {
    const data = { changes: { tags: { from: [], to: [{ id: 'a' }] } }, closed_at: null, subject: 'Zoë ☃' };
    const body = serializePayload('ticket.updated', 0, 'org-2', data);
    expect(JSON.parse(body)).toEqual({
      event: 'ticket.updated',
      timestamp: '1970-01-01T00:00:00.000Z',
      organization_id: 'org-2',
      data,
    });
    expect(timestampOf(body)).toBe('1970-01-01T00:00:00.000Z');
  });
});
