import { expect, it } from 'vitest';
import { describeEachDialect, type TestOrg } from './support/harness.js';
import { postTicket } from './support/ticket-fixtures.js';

// Ordinary concurrent writes must never surface as errors: bucket rows are locked in a fixed order,
// a customer delete locks customer, tickets, buckets in the order creation uses, and PostgreSQL
// transactions that still lose a deadlock are retried.
describeEachDialect(
  'concurrent writes',
  (ctx) => {
    const totals = async (org: TestOrg) => {
      const count = async (qs: string) => (await org.api.get(`/api/v1/tickets?${qs}`)).body.meta.pagination.total;
      return {
        open: await count('status=OPEN'),
        pending: await count('status=PENDING'),
        all: await count('include_closed=true'),
      };
    };

    it('opposite status moves at the same time all succeed and the totals stay exact', async () => {
      const org = await ctx.createOrg();
      const a = (await postTicket(org.api, { customer: { email: 'a@example.com' } })).body.data.id;
      const b = (await postTicket(org.api, { customer: { email: 'b@example.com' } })).body.data.id;
      await org.api.patch(`/api/v1/tickets/${b}`, { status: 'PENDING' });
      const statuses: number[] = [];
      for (let round = 0; round < 15; round++) {
        const flip = round % 2 === 0;
        const results = await Promise.all([
          org.api.patch(`/api/v1/tickets/${a}`, { status: flip ? 'PENDING' : 'OPEN', priority: flip ? 'HIGH' : 'LOW' }),
          org.api.patch(`/api/v1/tickets/${b}`, { status: flip ? 'OPEN' : 'PENDING', priority: flip ? 'LOW' : 'HIGH' }),
        ]);
        statuses.push(...results.map((r) => r.status));
      }
      expect(statuses).toEqual(Array(30).fill(200));
      expect(await totals(org)).toEqual({ open: 1, pending: 1, all: 2 });
    });

    it('deleting a customer while its tickets are being updated and created succeeds, totals exact', async () => {
      const org = await ctx.createOrg();
      for (let round = 0; round < 5; round++) {
        const email = `gone${round}@example.com`;
        const ids: string[] = [];
        for (let i = 0; i < 4; i++) ids.push((await postTicket(org.api, { customer: { email } })).body.data.id);
        const customerId = (await org.api.get(`/api/v1/tickets/${ids[0]}`)).body.data.customer.id;
        const results = await Promise.all([
          ...ids.map((id) => org.api.patch(`/api/v1/tickets/${id}`, { status: 'CLOSED' })),
          org.api.delete(`/api/v1/customers/${customerId}`),
          postTicket(org.api, { customer: { email: `stay${round}@example.com` } }),
        ]);
        // An update that lost the race to the delete finds no ticket (404); nothing fails.
        for (const r of results) expect([200, 201, 404], JSON.stringify(r.body)).toContain(r.status);
        expect(results[4].status).toBe(200);
        expect((await org.api.get(`/api/v1/customers/${customerId}`)).status).toBe(404);
      }
      expect(await totals(org)).toEqual({ open: 5, pending: 0, all: 5 });
    });
  },
  { partitioned: true },
);
