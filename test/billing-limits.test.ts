import { expect, it } from 'vitest';
import { createQuotaService } from '../src/billing/quota-service.js';
import { countRows, postUser, postWebhook } from './support/fixtures.js';
import { describeEachDialect, type TestOrg } from './support/harness.js';
import { postTicket } from './support/ticket-fixtures.js';

const LIMIT_ERROR = {
  error: { code: 'plan_limit_exceeded', message: expect.any(String), details: [], request_id: expect.any(String) },
};

const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort();

describeEachDialect(
  'billing: plan limits',
  (ctx) => {
    const invite = (org: TestOrg, email: string) => org.api.post('/api/v1/invitations', { email });

    it('tickets per month: the write past the limit is 403 and stores nothing; deleting does not free quota', async () => {
      const org = await ctx.createOrg();
      ctx.clock.set('2026-05-10T00:00:00.000Z');
      await ctx.container.plans.setPlan(org.id, { tickets_limit: 2 });
      expect((await postTicket(org.api, { customer: { email: 'a@example.com' } })).status).toBe(201);
      const second = await postTicket(org.api, { customer: { email: 'b@example.com' } });
      expect(second.status).toBe(201);
      const refused = await postTicket(org.api, { customer: { email: 'new@example.com' } });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(LIMIT_ERROR);
      expect(await countRows(ctx, 'tickets', org.id)).toBe(2);
      expect(await countRows(ctx, 'customers', org.id)).toBe(2);
      // Refused before taking a number: the next ticket is still number 3.
      const counter = await ctx.database.db
        .selectFrom('organization_counters')
        .select('ticket_seq')
        .where('organization_id', '=', org.id)
        .executeTakeFirstOrThrow();
      expect(Number(counter.ticket_seq)).toBe(2);
      await org.api.delete(`/api/v1/customers/${second.body.data.customer.id}`);
      expect((await postTicket(org.api)).status).toBe(403);
      // The next month starts from zero.
      ctx.clock.set('2026-06-01T00:00:00.000Z');
      expect((await postTicket(org.api)).status).toBe(201);
      // Raising the limit to unlimited lifts it.
      await ctx.container.plans.setPlan(org.id, { tickets_limit: 1 });
      expect((await postTicket(org.api)).status).toBe(403);
      await ctx.container.plans.setPlan(org.id, { tickets_limit: null });
      expect((await postTicket(org.api)).status).toBe(201);
      ctx.clock.set(null);
    });

    it('tickets: 10 concurrent creates against a limit of 3 → exactly 3 succeed', async () => {
      const org = await ctx.createOrg();
      await ctx.container.plans.setPlan(org.id, { tickets_limit: 3 });
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => postTicket(org.api, { customer: { email: `p${i}@example.com` } })),
      );
      expect(statuses(results)).toEqual([201, 201, 201, ...Array(7).fill(403)]);
      expect(await countRows(ctx, 'tickets', org.id)).toBe(3);
      const usage = await org.api.get('/api/v1/billing/usage');
      expect(usage.body.data.tickets).toEqual({ used: 3, limit: 3 });
    });

    it('seats: users and invitations take seats; accepting converts one; the limit is 403', async () => {
      const org = await ctx.createOrg();
      await ctx.container.plans.setPlan(org.id, { seats_limit: 2 });
      expect((await postUser(org.api, 'u1')).status).toBe(201);
      const inv = await invite(org, 'i1@example.com');
      expect(inv.status).toBe(201);
      const u = await postUser(org.api, 'u2');
      expect(u.status).toBe(403);
      expect(u.body).toEqual(LIMIT_ERROR);
      expect((await invite(org, 'i2@example.com')).status).toBe(403);
      // A duplicate is reported as such (409) even at the limit.
      expect((await postUser(org.api, 'u1')).status).toBe(409);
      expect((await invite(org, 'I1@example.com')).status).toBe(409);
      expect(await countRows(ctx, 'users', org.id)).toBe(1);
      expect(await countRows(ctx, 'invitations', org.id)).toBe(1);
      const accepted = await org.api.post(`/api/v1/invitations/${inv.body.data.id}/accept`, {});
      expect(accepted.status).toBe(201);
      const usage = await org.api.get('/api/v1/billing/usage');
      expect(usage.body.data.seats).toEqual({ used: 2, limit: 2 });
      expect((await postUser(org.api, 'u3')).status).toBe(403);
      await org.api.delete('/api/v1/users/u1');
      expect((await postUser(org.api, 'u3')).status).toBe(201);
    });

    it('seats: 10 concurrent user creates against a limit of 3 → exactly 3 succeed', async () => {
      const org = await ctx.createOrg();
      await ctx.container.plans.setPlan(org.id, { seats_limit: 3 });
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? postUser(org.api, `c${i}`) : invite(org, `c${i}@example.com`))),
      );
      expect(statuses(results)).toEqual([201, 201, 201, ...Array(7).fill(403)]);
      expect((await countRows(ctx, 'users', org.id)) + (await countRows(ctx, 'invitations', org.id))).toBe(3);
    });

    it('webhooks: inactive ones count; past the limit is 403; 10 concurrent creates against 3 → exactly 3', async () => {
      const org = await ctx.createOrg();
      await ctx.container.plans.setPlan(org.id, { webhooks_limit: 1 });
      const first = await postWebhook(org.api, { name: 'one' });
      expect(first.status).toBe(201);
      await org.api.patch(`/api/v1/webhooks/${first.body.data.id}`, { is_active: false });
      const refused = await postWebhook(org.api, { name: 'two' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(LIMIT_ERROR);

      const busy = await ctx.createOrg();
      await ctx.container.plans.setPlan(busy.id, { webhooks_limit: 3 });
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => postWebhook(busy.api, { name: `h${i}` })));
      expect(statuses(results)).toEqual([201, 201, 201, ...Array(7).fill(403)]);
      const list = await busy.api.get('/api/v1/webhooks');
      expect(list.body.data).toHaveLength(3);
    });

    it('limits apply per organization', async () => {
      const limited = await ctx.createOrg();
      const free = await ctx.createOrg();
      await ctx.container.plans.setPlan(limited.id, { tickets_limit: 0, seats_limit: 0, webhooks_limit: 0 });
      expect((await postTicket(limited.api)).status).toBe(403);
      expect((await postUser(limited.api, 'x')).status).toBe(403);
      expect((await postWebhook(limited.api, { name: 'x' })).status).toBe(403);
      expect((await postTicket(free.api)).status).toBe(201);
      expect((await postUser(free.api, 'x')).status).toBe(201);
      expect((await postWebhook(free.api, { name: 'x' })).status).toBe(201);
    });

    it('checkTicketAllowed and recordTicket count the month of the time zone they are given', async () => {
      const org = await ctx.createOrg();
      await ctx.container.plans.setPlan(org.id, { tickets_limit: 1 });
      const quota = createQuotaService({ timeZone: 'America/New_York' });
      const reserve = (at: string) =>
        ctx.database.forOrganization(org.id).transaction(async (t) => {
          const admission = await quota.checkTicketAllowed(t, Date.parse(at));
          await quota.recordTicket(t, Date.parse(at), admission).execute();
        });
      await reserve('2026-04-01T03:59:59.999Z'); // March in New York
      await expect(reserve('2026-04-01T03:00:00.000Z')).rejects.toMatchObject({
        statusCode: 403,
        code: 'plan_limit_exceeded',
      });
      await reserve('2026-04-01T04:00:00.000Z'); // April in New York
      await expect(reserve('2026-04-30T12:00:00.000Z')).rejects.toMatchObject({ statusCode: 403 });
    });
  },
  { partitioned: true },
);
