import { expect, it } from 'vitest';
import { api } from './support/api.js';
import { postUser, postWebhook } from './support/fixtures.js';
import { describeEachDialect, type TestOrg } from './support/harness.js';
import { postTicket } from './support/ticket-fixtures.js';

const usage = async (org: TestOrg) => {
  const res = await org.api.get('/api/v1/billing/usage');
  expect(res.status).toBe(200);
  return res.body.data;
};

describeEachDialect(
  'billing: usage report',
  (ctx) => {
    it('reports a new organization: nothing used, unlimited, the current UTC month', async () => {
      const org = await ctx.createOrg();
      ctx.clock.set('2026-02-14T10:00:00.000Z');
      const res = await api(ctx.app, await org.keyWith(['billing:read'])).get('/api/v1/billing/usage');
      ctx.clock.set(null);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: {
          period_start: '2026-02-01T00:00:00.000Z',
          period_end: '2026-02-28T23:59:59.999Z',
          tickets: { used: 0, limit: null },
          seats: { used: 0, limit: null },
          webhooks: { used: 0, limit: null },
          ai_credits: { used: 0, included: 0, purchased: 0, remaining: 0, overage_this_period: 0 },
        },
      });
    });

    it('needs billing:read', async () => {
      const org = await ctx.createOrg();
      const res = await api(ctx.app, await org.keyWith(['admin'])).get('/api/v1/billing/usage');
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('insufficient_scope');
    });

    it('shows the plan limits', async () => {
      const org = await ctx.createOrg();
      await ctx.container.plans.setPlan(org.id, {
        tickets_limit: 100,
        seats_limit: 5,
        webhooks_limit: 2,
        ai_credits_included: 1000,
      });
      const data = await usage(org);
      expect(data.tickets.limit).toBe(100);
      expect(data.seats.limit).toBe(5);
      expect(data.webhooks.limit).toBe(2);
      expect(data.ai_credits).toEqual({
        used: 0,
        included: 1000,
        purchased: 0,
        remaining: 1000,
        overage_this_period: 0,
      });
    });

    it('tickets.used counts tickets created this month, deleted ones included, per organization', async () => {
      const org = await ctx.createOrg();
      const other = await ctx.createOrg('other');
      await postTicket(org.api, { customer: { email: 'keep@example.com' } });
      await postTicket(org.api, { customer: { email: 'keep@example.com' } });
      const doomed = await postTicket(org.api, { customer: { email: 'gone@example.com' } });
      await postTicket(other.api);
      expect((await usage(org)).tickets.used).toBe(3);
      const del = await org.api.delete(`/api/v1/customers/${doomed.body.data.customer.id}`);
      expect(del.status).toBe(200);
      expect((await org.api.get(`/api/v1/tickets/${doomed.body.data.id}`)).status).toBe(404);
      expect((await usage(org)).tickets.used).toBe(3);
      expect((await usage(other)).tickets.used).toBe(1);
    });

    it('seats.used counts members plus pending unexpired invitations', async () => {
      const org = await ctx.createOrg();
      ctx.clock.set('2026-09-10T00:00:00.000Z');
      for (const id of ['a', 'b']) await postUser(org.api, id);
      const inv = (email: string, expires_at?: string) => org.api.post('/api/v1/invitations', { email, expires_at });
      await inv('pending@example.com');
      await inv('soon@example.com', '2026-09-11T00:00:00.000Z');
      const revoked = await inv('revoked@example.com');
      await org.api.post(`/api/v1/invitations/${revoked.body.data.id}/revoke`);
      expect((await usage(org)).seats.used).toBe(4);
      ctx.clock.set('2026-09-11T00:00:00.000Z');
      expect((await usage(org)).seats.used).toBe(3);
      await org.api.delete('/api/v1/users/a');
      expect((await usage(org)).seats.used).toBe(2);
      ctx.clock.set(null);
    });

    it('webhooks.used counts configured webhooks, inactive ones included', async () => {
      const org = await ctx.createOrg();
      const first = await postWebhook(org.api, { name: 'one' });
      expect(first.status).toBe(201);
      await postWebhook(org.api, { name: 'two' });
      const off = await org.api.patch(`/api/v1/webhooks/${first.body.data.id}`, { is_active: false });
      expect(off.status).toBe(200);
      expect((await usage(org)).webhooks.used).toBe(2);
      await org.api.delete(`/api/v1/webhooks/${first.body.data.id}`);
      expect((await usage(org)).webhooks.used).toBe(1);
    });

    it('ai_credits: remaining and overage follow included + purchased - used', async () => {
      const org = await ctx.createOrg();
      const service = ctx.container.plans;
      ctx.clock.set('2026-10-05T00:00:00.000Z');
      await service.setPlan(org.id, { ai_credits_included: 100 });
      await service.purchaseCredits(org.id, 50);
      await service.consumeCredits(org.id, 120);
      expect((await usage(org)).ai_credits).toEqual({
        used: 120,
        included: 100,
        purchased: 50,
        remaining: 30,
        overage_this_period: 0,
      });
      await service.consumeCredits(org.id, 40);
      expect((await usage(org)).ai_credits).toEqual({
        used: 160,
        included: 100,
        purchased: 50,
        remaining: 0,
        overage_this_period: 10,
      });
      // A new month: consumption and purchases of October do not count in November.
      ctx.clock.set('2026-11-01T00:00:00.000Z');
      expect((await usage(org)).ai_credits).toEqual({
        used: 0,
        included: 100,
        purchased: 0,
        remaining: 100,
        overage_this_period: 0,
      });
      ctx.clock.set(null);
    });

    it('rolls over at the month boundary (UTC): last millisecond of March, then April', async () => {
      const org = await ctx.createOrg();
      ctx.clock.set('2026-02-28T23:59:59.999Z');
      await postTicket(org.api);
      ctx.clock.set('2026-03-01T00:00:00.000Z');
      await postTicket(org.api);
      ctx.clock.set('2026-03-31T23:59:59.999Z');
      await postTicket(org.api);
      let data = await usage(org);
      expect(data.period_start).toBe('2026-03-01T00:00:00.000Z');
      expect(data.period_end).toBe('2026-03-31T23:59:59.999Z');
      expect(data.tickets.used).toBe(2);
      ctx.clock.advance(1);
      data = await usage(org);
      expect(data.period_start).toBe('2026-04-01T00:00:00.000Z');
      expect(data.period_end).toBe('2026-04-30T23:59:59.999Z');
      expect(data.tickets.used).toBe(0);
      await postTicket(org.api);
      expect((await usage(org)).tickets.used).toBe(1);
      ctx.clock.set(null);
    });
  },
  { partitioned: true },
);

describeEachDialect(
  'billing: usage report in America/New_York',
  (ctx) => {
    it('uses the calendar month of the configured time zone, written in UTC', async () => {
      expect(ctx.config.timeZone).toBe('America/New_York');
      const org = await ctx.createOrg();
      // 2026-03-01T04:59:59.999Z is still February 28 in New York (UTC-5): not March usage.
      ctx.clock.set('2026-03-01T04:59:59.999Z');
      await postTicket(org.api);
      ctx.clock.set('2026-03-01T05:00:00.000Z');
      await postTicket(org.api);
      // The last millisecond of March in New York (UTC-4 after the DST change of March 8).
      ctx.clock.set('2026-04-01T03:59:59.999Z');
      await postTicket(org.api);
      let data = await usage(org);
      expect(data.period_start).toBe('2026-03-01T05:00:00.000Z');
      expect(data.period_end).toBe('2026-04-01T03:59:59.999Z');
      expect(data.tickets.used).toBe(2);
      ctx.clock.advance(1);
      data = await usage(org);
      expect(data.period_start).toBe('2026-04-01T04:00:00.000Z');
      expect(data.period_end).toBe('2026-05-01T03:59:59.999Z');
      expect(data.tickets.used).toBe(0);
      // Midnight UTC of March 31/April 1 is still March in New York.
      ctx.clock.set('2026-03-31T23:59:59.999Z');
      data = await usage(org);
      expect(data.period_start).toBe('2026-03-01T05:00:00.000Z');
      expect(data.tickets.used).toBe(2);
      ctx.clock.advance(1);
      expect((await usage(org)).period_start).toBe('2026-03-01T05:00:00.000Z');
      ctx.clock.set(null);
    });

    it('enforces the monthly ticket limit on the New York calendar month', async () => {
      const org = await ctx.createOrg();
      await ctx.container.plans.setPlan(org.id, { tickets_limit: 1 });
      ctx.clock.set('2026-04-01T03:59:59.999Z'); // March 31, 23:59:59.999 in New York
      expect((await postTicket(org.api)).status).toBe(201);
      ctx.clock.set('2026-04-01T03:59:59.999Z');
      const refused = await postTicket(org.api);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('plan_limit_exceeded');
      ctx.clock.advance(1); // April 1, 00:00 in New York: a new month
      expect((await postTicket(org.api)).status).toBe(201);
      expect((await postTicket(org.api)).status).toBe(403);
      ctx.clock.set(null);
    });
  },
  { env: { TZ: 'America/New_York' } },
);
