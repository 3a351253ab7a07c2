import { describe, expect, it } from 'vitest';
import { deliveryBody, shareEventData, type DeliverySource } from './delivery-body.js';
import { payloadAround } from './webhook-events.js';

describe('delivery body', () => {
  const source = (extra: Partial<DeliverySource> = {}): DeliverySource => ({
    id: 'd-1',
    organization_id: 'org-1',
    event: 'ticket.created',
    body: '',
    event_id: 'evt-1',
    event_data: '{"id":"t-1","subject":"é"}',
    created_at: Date.parse('2026-01-02T03:04:05.006Z'),
    secret: 's',
    previous_secret: null,
    previous_secret_expires_at: null,
    ...extra,
  });

  it("an event's deliveries share one body string; the row's own body and a missing event are kept apart", () => {
    const first = deliveryBody(source({ id: 'd-1' }));
    expect(first).toBe(payloadAround('ticket.created', source().created_at, 'org-1', source().event_data!));
    // Another webhook's delivery of the same event (its data read again by the claim: an equal string).
    expect(deliveryBody(source({ id: 'd-2', event_data: `${'{"id":"t-1",'}"subject":"é"}` }))).toBe(first);
    expect(deliveryBody(source({ body: '{"own":true}' }))).toBe('{"own":true}');
    expect(deliveryBody(source({ event_data: null }))).toBeNull();
  });

  it('a remembered body is only reused when every input is the same', () => {
    const at = Date.parse('2026-01-02T03:04:05.006Z');
    const variants: Partial<DeliverySource>[] = [
      { event_id: 'evt-9' },
      { event_id: 'evt-9', created_at: at + 1 },
      { event_id: 'evt-9', event: 'ticket.updated' },
      { event_id: 'evt-9', organization_id: 'org-2' },
      { event_id: 'evt-9', event_data: '{"id":"t-2"}' },
    ];
    for (const v of variants) {
      const s = source(v);
      expect(deliveryBody(s)).toBe(payloadAround(s.event, s.created_at, s.organization_id, s.event_data!));
    }
  });

  it("a claim's rows get their event's data from the one row that carries it; a gone event and own bodies stay null", () => {
    const data = '{"id":"t-1"}';
    const rows = shareEventData([
      { event_id: 'evt-1', event_data: null },
      { event_id: 'evt-2', event_data: null },
      { event_id: 'evt-1', event_data: data },
      { event_id: null, event_data: null },
      { event_id: 'evt-1', event_data: null },
      { event_id: 'evt-3', event_data: '{"id":"t-3"}' },
    ]);
    expect(rows.map((r) => r.event_data)).toEqual([data, null, data, null, data, '{"id":"t-3"}']);
  });
});
