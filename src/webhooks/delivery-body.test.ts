import { describe, expect, it } from 'vitest';
import {
  deliveryBody,
  shareEventData,
  signingSecrets,
  webhookMessageId,
  type DeliverySource,
} from './delivery-body.js';
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
    // Each step changes one input of the one before (whose body is the one remembered for evt-9).
    const steps: Partial<DeliverySource>[] = [
      { event_id: 'evt-9' },
      { event_id: 'evt-9', created_at: at + 1 },
      { event_id: 'evt-9', created_at: at + 1, event: 'ticket.updated' },
      { event_id: 'evt-9', created_at: at + 1, event: 'ticket.updated', organization_id: 'org-2' },
      {
        event_id: 'evt-9',
        created_at: at + 1,
        event: 'ticket.updated',
        organization_id: 'org-2',
        event_data: '{"id":"t-2"}',
      },
    ];
    for (const step of steps) {
      const s = source(step);
      expect(deliveryBody(s)).toBe(payloadAround(s.event, s.created_at, s.organization_id, s.event_data!));
    }
  });

  it("webhook-id is the event's id, or the row's own for a delivery without an event", () => {
    expect(webhookMessageId({ id: 'd-1', event_id: 'evt-1' })).toBe('evt-1');
    expect(webhookMessageId({ id: 'd-1', event_id: null })).toBe('d-1');
  });

  it('signs with the previous secret too while its overlap lasts, and only then', () => {
    const at = 1_000_000;
    const rotated = { secret: 'new', previous_secret: 'old', previous_secret_expires_at: at };
    expect(signingSecrets(rotated, at - 1)).toEqual(['new', 'old']);
    // The overlap ends at its expiry.
    expect(signingSecrets(rotated, at)).toEqual(['new']);
    expect(signingSecrets({ secret: 'new', previous_secret: null, previous_secret_expires_at: null }, at - 1)).toEqual([
      'new',
    ]);
    expect(signingSecrets({ secret: 'new', previous_secret: 'old', previous_secret_expires_at: null }, at - 1)).toEqual(
      ['new'],
    );
    expect(signingSecrets({ secret: 'new', previous_secret: null, previous_secret_expires_at: at }, at - 1)).toEqual([
      'new',
    ]);
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
