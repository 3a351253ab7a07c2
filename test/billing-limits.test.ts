import { expect, it } from 'vitest';
import { createQuotaService } from '../src/billing/quota-service.js';
import { call, describeEachDialect, type TestContext } from './support/harness.js';

const plans = (ctx: TestContext) => ctx.container.plans;

const LIMIT_ERROR = { error: { code: 'plan_limit_exceeded', message: expect.any(String), details: [] } };

const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort();

describeEachDialect('billing: plan limits', (ctx) => {
  const ticket = (token: string, email = 'c@example.com') =>
    call(ctx.app, 'POST', '/api/v1/tickets', { token, body: { subject: 'Help', message: 'Hi', customer: { email } } });
  const user = (token: string, id: string) => call(ctx.app, 'POST', '/api/v1/users', { token, body: { id, name: id, email: `${id}@example.com` } });
  const invite = (token: string, email: string) => call(ctx.app, 'POST', '/api/v1/invitations', { token, body: { email } });
  const webhook = (token: string, name: string) =>
    call(ctx.app, 'POST', '/api/v1/webhooks', { token, body: { name, url: 'http://127.0.0.1:9/hook', events: ['ticket.created'] } });
  const count = async (table: 'tickets' | 'customers' | 'users' | 'invitations', organizationId: string) =>
    Number(
      (
        await ctx.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('organization_id', '=', organizationId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('tickets per month: the write past the limit is 403 and stores nothing; deleting does not free quota', async () => {
    const org = await ctx.createOrg();
    ctx.clock.set('2026-05-10T00:00:00.000Z');
    await plans(ctx).setPlan(org.id, { tickets_limit: 2 });
    expect((await ticket(org.token, 'a@example.com')).status).toBe(201);
    const second = await ticket(org.token, 'b@example.com');
    expect(second.status).toBe(201);
    const refused = await ticket(org.token, 'new@example.com');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(LIMIT_ERROR);
    expect(await count('tickets', org.id)).toBe(2);
    expect(await count('customers', org.id)).toBe(2);
    await call(ctx.app, 'DELETE', `/api/v1/customers/${second.body.data.customer.id}`, { token: org.token });
    expect((await ticket(org.token)).status).toBe(403);
    // The next month starts from zero.
    ctx.clock.set('2026-06-01T00:00:00.000Z');
    expect((await ticket(org.token)).status).toBe(201);
    // Raising the limit to unlimited lifts it.
    await plans(ctx).setPlan(org.id, { tickets_limit: 1 });
    expect((await ticket(org.token)).status).toBe(403);
    await plans(ctx).setPlan(org.id, { tickets_limit: null });
    expect((await ticket(org.token)).status).toBe(201);
    ctx.clock.set(null);
  });

  it('tickets: 10 concurrent creates against a limit of 3 → exactly 3 succeed', async () => {
    const org = await ctx.createOrg();
    await plans(ctx).setPlan(org.id, { tickets_limit: 3 });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => ticket(org.token, `p${i}@example.com`)));
    expect(statuses(results)).toEqual([201, 201, 201, ...Array(7).fill(403)]);
    expect(await count('tickets', org.id)).toBe(3);
    const usage = await call(ctx.app, 'GET', '/api/v1/billing/usage', { token: org.token });
    expect(usage.body.data.tickets).toEqual({ used: 3, limit: 3 });
  });

  it('seats: users and invitations take seats; accepting converts one; the limit is 403', async () => {
    const org = await ctx.createOrg();
    await plans(ctx).setPlan(org.id, { seats_limit: 2 });
    expect((await user(org.token, 'u1')).status).toBe(201);
    const inv = await invite(org.token, 'i1@example.com');
    expect(inv.status).toBe(201);
    const u = await user(org.token, 'u2');
    expect(u.status).toBe(403);
    expect(u.body).toEqual(LIMIT_ERROR);
    expect((await invite(org.token, 'i2@example.com')).status).toBe(403);
    // A duplicate is reported as such (409) even at the limit.
    expect((await user(org.token, 'u1')).status).toBe(409);
    expect((await invite(org.token, 'I1@example.com')).status).toBe(409);
    expect(await count('users', org.id)).toBe(1);
    expect(await count('invitations', org.id)).toBe(1);
    const accepted = await call(ctx.app, 'POST', `/api/v1/invitations/${inv.body.data.id}/accept`, { token: org.token, body: {} });
    expect(accepted.status).toBe(201);
    const usage = await call(ctx.app, 'GET', '/api/v1/billing/usage', { token: org.token });
    expect(usage.body.data.seats).toEqual({ used: 2, limit: 2 });
    expect((await user(org.token, 'u3')).status).toBe(403);
    await call(ctx.app, 'DELETE', '/api/v1/users/u1', { token: org.token });
    expect((await user(org.token, 'u3')).status).toBe(201);
  });

  it('seats: 10 concurrent user creates against a limit of 3 → exactly 3 succeed', async () => {
    const org = await ctx.createOrg();
    await plans(ctx).setPlan(org.id, { seats_limit: 3 });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? user(org.token, `c${i}`) : invite(org.token, `c${i}@example.com`))));
    expect(statuses(results)).toEqual([201, 201, 201, ...Array(7).fill(403)]);
    expect((await count('users', org.id)) + (await count('invitations', org.id))).toBe(3);
  });

  it('webhooks: inactive ones count; past the limit is 403; 10 concurrent creates against 3 → exactly 3', async () => {
    const org = await ctx.createOrg();
    await plans(ctx).setPlan(org.id, { webhooks_limit: 1 });
    const first = await webhook(org.token, 'one');
    expect(first.status).toBe(201);
    await call(ctx.app, 'PATCH', `/api/v1/webhooks/${first.body.data.id}`, { token: org.token, body: { is_active: false } });
    const refused = await webhook(org.token, 'two');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(LIMIT_ERROR);

    const busy = await ctx.createOrg();
    await plans(ctx).setPlan(busy.id, { webhooks_limit: 3 });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => webhook(busy.token, `h${i}`)));
    expect(statuses(results)).toEqual([201, 201, 201, ...Array(7).fill(403)]);
    const list = await call(ctx.app, 'GET', '/api/v1/webhooks', { token: busy.token });
    expect(list.body.data).toHaveLength(3);
  });

  it('limits apply per organization', async () => {
    const limited = await ctx.createOrg();
    const free = await ctx.createOrg();
    await plans(ctx).setPlan(limited.id, { tickets_limit: 0, seats_limit: 0, webhooks_limit: 0 });
    expect((await ticket(limited.token)).status).toBe(403);
    expect((await user(limited.token, 'x')).status).toBe(403);
    expect((await webhook(limited.token, 'x')).status).toBe(403);
    expect((await ticket(free.token)).status).toBe(201);
    expect((await user(free.token, 'x')).status).toBe(201);
    expect((await webhook(free.token, 'x')).status).toBe(201);
  });

  it('reserveTicket counts the month of the time zone it is given', async () => {
    const org = await ctx.createOrg();
    await plans(ctx).setPlan(org.id, { tickets_limit: 1 });
    const quota = createQuotaService({ timeZone: 'America/New_York' });
    const reserve = (at: string) => ctx.database.forOrganization(org.id).transaction((t) => quota.reserveTicket(t, Date.parse(at)));
    await reserve('2026-04-01T03:59:59.999Z'); // March in New York
    await expect(reserve('2026-04-01T03:00:00.000Z')).rejects.toMatchObject({ statusCode: 403, code: 'plan_limit_exceeded' });
    await reserve('2026-04-01T04:00:00.000Z'); // April in New York
    await expect(reserve('2026-04-30T12:00:00.000Z')).rejects.toMatchObject({ statusCode: 403 });
  });
});
