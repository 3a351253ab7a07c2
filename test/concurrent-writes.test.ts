import { expect, it } from 'vitest';
import { call, describeEachDialect } from './support/harness.js';

// Ordinary concurrent writes must never surface as errors: bucket rows are locked in a fixed order,
// a customer delete locks customer, tickets, buckets in the order creation uses, and PostgreSQL
// transactions that still lose a deadlock are retried.
describeEachDialect('concurrent writes', (ctx) => {
  const newTicket = (token: string, email: string, i: number) =>
    call(ctx.app, 'POST', '/api/v1/tickets', { token, body: { subject: `T${i}`, message: 'm', customer: { email } } });

  const totals = async (token: string) => {
    const count = async (qs: string) => (await call(ctx.app, 'GET', `/api/v1/tickets?${qs}`, { token })).body.meta.pagination.total;
    return { open: await count('status=OPEN'), pending: await count('status=PENDING'), all: await count('include_closed=true') };
  };

  it('opposite status moves at the same time all succeed and the totals stay exact', async () => {
    const org = await ctx.createOrg();
    const a = (await newTicket(org.token, 'a@example.com', 1)).body.data.id;
    const b = (await newTicket(org.token, 'b@example.com', 2)).body.data.id;
    await call(ctx.app, 'PATCH', `/api/v1/tickets/${b}`, { token: org.token, body: { status: 'PENDING' } });
    const statuses: number[] = [];
    for (let round = 0; round < 15; round++) {
      const flip = round % 2 === 0;
      const results = await Promise.all([
        call(ctx.app, 'PATCH', `/api/v1/tickets/${a}`, { token: org.token, body: { status: flip ? 'PENDING' : 'OPEN', priority: flip ? 'HIGH' : 'LOW' } }),
        call(ctx.app, 'PATCH', `/api/v1/tickets/${b}`, { token: org.token, body: { status: flip ? 'OPEN' : 'PENDING', priority: flip ? 'LOW' : 'HIGH' } }),
      ]);
      statuses.push(...results.map((r) => r.status));
    }
    expect(statuses).toEqual(Array(30).fill(200));
    expect(await totals(org.token)).toEqual({ open: 1, pending: 1, all: 2 });
  });

  it('deleting a customer while its tickets are being updated and created succeeds, totals exact', async () => {
    const org = await ctx.createOrg();
    for (let round = 0; round < 5; round++) {
      const email = `gone${round}@example.com`;
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) ids.push((await newTicket(org.token, email, i)).body.data.id);
      const customerId = (await call(ctx.app, 'GET', `/api/v1/tickets/${ids[0]}`, { token: org.token })).body.data.customer.id;
      const results = await Promise.all([
        ...ids.map((id) => call(ctx.app, 'PATCH', `/api/v1/tickets/${id}`, { token: org.token, body: { status: 'CLOSED' } })),
        call(ctx.app, 'DELETE', `/api/v1/customers/${customerId}`, { token: org.token }),
        newTicket(org.token, `stay${round}@example.com`, 9),
      ]);
      // An update that lost the race to the delete finds no ticket (404); nothing fails.
      for (const r of results) expect([200, 201, 404], JSON.stringify(r.body)).toContain(r.status);
      expect(results[4].status).toBe(200);
      expect((await call(ctx.app, 'GET', `/api/v1/customers/${customerId}`, { token: org.token })).status).toBe(404);
    }
    expect(await totals(org.token)).toEqual({ open: 5, pending: 0, all: 5 });
  });
});
