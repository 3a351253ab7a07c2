import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { expect, it } from 'vitest';
import { logSettled } from './support/event-log.js';
import { describeEachDialect, UUID, type TestOrg } from './support/harness.js';
import { postTicket } from './support/ticket-fixtures.js';
import { eventually, type ReceivedRequest } from './support/webhook-receiver.js';
import { workerFixture } from './support/worker-fixture.js';

// Standard Webhooks headers on every delivery (verified with the standardwebhooks
// package, as a receiver would, and with the X-Webhook-Signature rule), the test ping,
// redelivery, secret rotation with an overlap, and rows queued before the event log.

/** X-Webhook-Signature: hex HMAC-SHA256 of the raw body keyed with the secret string, constant-time compare. */
function xSignatureValid(secret: string, req: ReceivedRequest): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(req.raw).digest('hex')}`);
  const given = Buffer.from(String(req.headers['x-webhook-signature'] ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** standardwebhooks with the secret exactly as the API returned it; throws when it does not verify. */
const standardVerify = (secret: string, req: ReceivedRequest) =>
  new Webhook(secret).verify(req.raw.toString('utf8'), req.headers as Record<string, string>);

describeEachDialect(
  'webhook tooling (Standard Webhooks, test, retry, rotate)',
  (ctx) => {
    const fixture = workerFixture(ctx, { retryDelaysMs: [20, 20, 20, 20], pollIntervalMs: 50 });
    const start = () => fixture.start();

    async function setup(events = ['ticket.created', 'message.created']) {
      const org = await ctx.createOrg();
      const hook = await org.api.post('/api/v1/webhooks', {
        name: 'Tools',
        url: `${fixture.receiver.url}/hook`,
        events,
      });
      expect(hook.status).toBe(201);
      return { org, hook: hook.body.data as { id: string; secret: string } };
    }
    const events = async (org: TestOrg) => {
      await logSettled(ctx);
      return (await org.api.get('/api/v1/events?limit=1000')).body.data as { id: string; type: string; data: any }[];
    };
    const history = async (org: TestOrg, hookId: string) =>
      (await org.api.get(`/api/v1/webhooks/${hookId}/deliveries?limit=100`)).body;

    it('every attempt carries webhook-id = the event id (same across retries), verifies with standardwebhooks and X-Webhook-Signature', async () => {
      const { org, hook } = await setup();
      expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      fixture.receiver.respond((_req, i) => ({ status: i < 2 ? 500 : 200 }));
      start();
      const ticket = (await postTicket(org.api)).body.data;
      const reqs = await fixture.receiver.waitFor(3);
      const [created] = (await events(org)).filter((e) => e.type === 'ticket.created');
      expect(created.data.id).toBe(ticket.id);
      for (const req of reqs) {
        expect(req.headers['webhook-id']).toBe(created.id);
        expect(req.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
        expect(String(req.headers['webhook-signature'])).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
        expect(standardVerify(hook.secret, req)).toEqual(req.json);
        expect(xSignatureValid(hook.secret, req)).toBe(true);
        expect(req.raw.equals(reqs[0].raw)).toBe(true);
        // The X-Webhook-* headers unchanged.
        expect(req.headers['x-webhook-event']).toBe('ticket.created');
        expect(req.headers['x-webhook-timestamp']).toBe(req.json.timestamp);
      }
      expect(req0Data(reqs[0])).toEqual(created.data);
      expect(() =>
        new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
          reqs[0].raw.toString(),
          reqs[0].headers as Record<string, string>,
        ),
      ).toThrow();
    });

    it('POST /webhooks/{id}/test queues one webhook.test for this webhook only, even inactive and unsubscribed', async () => {
      const { org, hook } = await setup(['customer.deleted']);
      const other = (
        await org.api.post('/api/v1/webhooks', {
          name: 'Other',
          url: `${fixture.receiver.url}/other`,
          events: ['customer.deleted'],
        })
      ).body.data;
      await org.api.patch(`/api/v1/webhooks/${hook.id}`, { is_active: false });
      const res = await org.api.post(`/api/v1/webhooks/${hook.id}/test`);
      expect(res.status).toBe(202);
      expect(res.body.data).toMatchObject({
        id: expect.stringMatching(UUID),
        event: 'webhook.test',
        status: null,
        attempt_count: 0,
        completed_at: null,
      });
      start();
      const [req] = await fixture.receiver.waitFor(1);
      expect(req.path).toBe('/hook');
      expect(req.json).toMatchObject({ event: 'webhook.test', organization_id: org.id, data: { webhook_id: hook.id } });
      expect(standardVerify(hook.secret, req)).toEqual(req.json);
      expect(xSignatureValid(hook.secret, req)).toBe(true);
      const recorded = await eventually(async () => {
        const list = await history(org, hook.id);
        return list.data.length === 1 && list.data[0].status === 'success' ? list : null;
      });
      expect(recorded.data[0]).toMatchObject({
        id: res.body.data.id,
        event: 'webhook.test',
        attempt_count: 1,
        status_code: 200,
      });
      // The total is kept apart from the rows (read by another statement): it follows the same commit.
      await eventually(async () => (await history(org, hook.id)).meta.pagination.total === 1);
      expect((await history(org, other.id)).data).toEqual([]);
      // Not a change: the event log does not hold it.
      expect((await events(org)).map((e) => e.type)).toEqual([]);
      expect((await org.api.post('/api/v1/webhooks/00000000-0000-4000-8000-000000000000/test')).status).toBe(404);
      const stranger = await ctx.createOrg();
      expect((await stranger.api.post(`/api/v1/webhooks/${hook.id}/test`)).status).toBe(404);
    });

    it('retry queues a new series of the same event: byte-identical body, same webhook-id; 404 for another webhook', async () => {
      const { org, hook } = await setup();
      const second = (
        await org.api.post('/api/v1/webhooks', {
          name: 'Second',
          url: `${fixture.receiver.url}/second`,
          events: ['ticket.created'],
        })
      ).body.data;
      start();
      await postTicket(org.api);
      await fixture.receiver.waitFor(2); // ticket.created to both webhooks
      const mine = await eventually(async () => {
        const list = await history(org, hook.id);
        return list.data.length === 1 ? list.data[0] : null;
      });
      expect(mine.status).toBe('success');
      const before = fixture.receiver.requests.filter((r) => r.path === '/hook');
      expect(before).toHaveLength(1);
      const retried = await org.api.post(`/api/v1/webhooks/${hook.id}/deliveries/${mine.id}/retry`);
      expect(retried.status).toBe(202);
      expect(retried.body.data).toMatchObject({ event: 'ticket.created', status: null, attempt_count: 0 });
      expect(retried.body.data.id).not.toBe(mine.id);
      await eventually(async () => fixture.receiver.requests.filter((r) => r.path === '/hook').length === 2);
      const [a, b] = fixture.receiver.requests.filter((r) => r.path === '/hook');
      expect(b.raw.equals(a.raw)).toBe(true);
      expect(b.headers['webhook-id']).toBe(a.headers['webhook-id']);
      expect(standardVerify(hook.secret, b)).toEqual(a.json);
      expect(xSignatureValid(hook.secret, b)).toBe(true);
      await eventually(async () => (await history(org, hook.id)).meta.pagination.total === 2);
      // Another webhook's delivery, an unknown one, a malformed id: 404.
      const theirs = (await history(org, second.id)).data[0];
      expect((await org.api.post(`/api/v1/webhooks/${hook.id}/deliveries/${theirs.id}/retry`)).status).toBe(404);
      expect(
        (await org.api.post(`/api/v1/webhooks/${hook.id}/deliveries/00000000-0000-4000-8000-000000000000/retry`))
          .status,
      ).toBe(404);
      expect((await org.api.post(`/api/v1/webhooks/${hook.id}/deliveries/nope/retry`)).status).toBe(404);
    });

    it('rotate-secret: both signatures during the overlap, only the new one after it; X-Webhook-Signature uses the new secret', async () => {
      const { org, hook } = await setup();
      const base = Date.now();
      ctx.clock.set(base);
      const rotated = await org.api.post(`/api/v1/webhooks/${hook.id}/rotate-secret`, {
        previous_secret_expires_in: 60,
      });
      expect(rotated.status).toBe(200);
      const secret = rotated.body.data.secret as string;
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(secret).not.toBe(hook.secret);
      expect(rotated.body.data).toMatchObject({ id: hook.id, name: 'Tools', is_active: true });
      expect((await org.api.get(`/api/v1/webhooks/${hook.id}`)).body.data.secret).toBeUndefined();
      start();
      await org.api.post(`/api/v1/webhooks/${hook.id}/test`);
      const [during] = await fixture.receiver.waitFor(1);
      expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(standardVerify(secret, during)).toEqual(during.json);
      expect(standardVerify(hook.secret, during)).toEqual(during.json);
      expect(xSignatureValid(secret, during)).toBe(true);
      // Recorded before the clock moves on (past the lease too: an unrecorded attempt would be sent again).
      const recorded = (n: number) =>
        eventually(
          async () => (await history(org, hook.id)).data.filter((d: any) => d.status === 'success').length === n,
        );
      await recorded(1);
      ctx.clock.set(base + 61_000);
      await org.api.post(`/api/v1/webhooks/${hook.id}/test`);
      const [, after] = await fixture.receiver.waitFor(2);
      expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
      expect(standardVerify(secret, after)).toEqual(after.json);
      expect(() => standardVerify(hook.secret, after)).toThrow();
      await recorded(2);
      // Without an overlap (default 0) only the newest secret signs at once.
      const plain = await org.api.post(`/api/v1/webhooks/${hook.id}/rotate-secret`);
      expect(plain.status, JSON.stringify(plain.body)).toBe(200);
      const again = plain.body.data.secret as string;
      await org.api.post(`/api/v1/webhooks/${hook.id}/test`);
      const [, , third] = await fixture.receiver.waitFor(3);
      expect(standardVerify(again, third)).toEqual(third.json);
      expect(() => standardVerify(secret, third)).toThrow();
      for (const body of [
        { previous_secret_expires_in: 86401 },
        { previous_secret_expires_in: -1 },
        { previous_secret_expires_in: 'x' },
      ]) {
        expect((await org.api.post(`/api/v1/webhooks/${hook.id}/rotate-secret`, body)).status).toBe(400);
      }
    });

    it('rows queued before the event log (own body, no event) and old hex secrets keep working', async () => {
      const { org, hook } = await setup();
      const oldSecret = `whsec_${'0123456789abcdef'.repeat(4)}`;
      await ctx.database.db.updateTable('webhooks').set({ secret: oldSecret }).where('id', '=', hook.id).execute();
      const body = JSON.stringify({
        event: 'ticket.created',
        timestamp: new Date().toISOString(),
        organization_id: org.id,
        data: { id: 'legacy' },
      });
      const id = '00000000-0000-4000-8000-00000000abcd';
      await ctx.database.db
        .insertInto('webhook_deliveries')
        .values({
          id,
          organization_id: org.id,
          webhook_id: hook.id,
          event: 'ticket.created',
          body,
          status: null,
          status_code: null,
          attempt_count: 0,
          next_attempt_at: Date.now(),
          lease_until: null,
          lease_token: null,
          created_at: Date.now(),
          completed_at: null,
        })
        .execute();
      start();
      const [req] = await fixture.receiver.waitFor(1);
      expect(req.raw.toString()).toBe(body);
      expect(req.headers['webhook-id']).toBe(id);
      expect(standardVerify(oldSecret, req)).toEqual(JSON.parse(body));
      expect(xSignatureValid(oldSecret, req)).toBe(true);
    });
  },
  { partitioned: true },
);

const req0Data = (req: ReceivedRequest) => req.json.data;
