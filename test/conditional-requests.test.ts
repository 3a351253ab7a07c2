import { expect, it } from 'vitest';
import { postUser, postWebhook } from './support/fixtures.js';
import { describeEachDialect, type TestOrg } from './support/harness.js';
import { createTicket } from './support/ticket-fixtures.js';

// Strong ETags on single-resource GETs, 304 for If-None-Match, 412 precondition_failed
// for a stale If-Match on PATCH and DELETE (checked in the write's transaction: nothing changes), the new
// ETag on a successful PATCH, exactly one winner among concurrent PATCHes carrying the same ETag.

const STRONG = /^"[A-Za-z0-9_-]+"$/;

describeEachDialect('conditional requests: ETag, If-None-Match, If-Match', (ctx) => {
  const etag = async (org: TestOrg, url: string) => {
    const res = await org.api.get(url);
    expect(res.status, url).toBe(200);
    expect(res.headers.etag, url).toMatch(STRONG);
    return String(res.headers.etag);
  };

  it('answers a strong ETag, stable while nothing changes, and 304 without a body for If-None-Match', async () => {
    const org = await ctx.createOrg();
    const ticket = await createTicket(org.api);
    const url = `/api/v1/tickets/${ticket.id}`;
    const tag = await etag(org, url);
    expect(await etag(org, url)).toBe(tag);
    for (const header of [tag, `"other", ${tag}`, '*', `W/${tag}`]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${org.token}`, 'if-none-match': header },
      });
      expect(res.statusCode, header).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(tag);
      expect(res.headers['x-request-id']).toBeTruthy();
    }
    const other = await org.api.get(url, { 'if-none-match': '"not-it"' });
    expect(other.status).toBe(200);
    expect(other.body.data.id).toBe(ticket.id);
  });

  it("changes a ticket's ETag with every change its representation shows", async () => {
    const org = await ctx.createOrg();
    const agent = (await postUser(org.api, 'agent-1', 'Agent One')).body.data;
    const team = (await org.api.post('/api/v1/teams', { name: 'Tier 1' })).body.data;
    const tagRow = (await org.api.post('/api/v1/tags', { name: 'vip' })).body.data;
    const ticket = await createTicket(org.api, { tag_ids: [tagRow.id] });
    const url = `/api/v1/tickets/${ticket.id}`;
    const seen = new Set([await etag(org, url)]);
    const changes: [string, () => Promise<{ status: number }>][] = [
      ['message added', () => org.api.post(`${url}/messages`, { content: 'any news?' })],
      ['tag renamed', () => org.api.patch(`/api/v1/tags/${tagRow.id}`, { name: 'very-important' })],
      ['tag recolored', () => org.api.patch(`/api/v1/tags/${tagRow.id}`, { color: '#00ff00' })],
      ['customer renamed', () => org.api.patch(`/api/v1/customers/${ticket.customer.id}`, { name: 'Ann Renamed' })],
      ['assignee set', () => org.api.patch(url, { assignee_id: agent.id })],
      ['assignee renamed', () => org.api.patch(`/api/v1/users/${agent.id}`, { name: 'Agent Renamed' })],
      ['team set', () => org.api.patch(url, { team_id: team.id })],
      ['team renamed', () => org.api.patch(`/api/v1/teams/${team.id}`, { name: 'Tier 2' })],
      ['status', () => org.api.patch(url, { status: 'PENDING' })],
      ['tag removed', () => org.api.patch(url, { remove_tag_ids: [tagRow.id] })],
    ];
    for (const [what, change] of changes) {
      const res = await change();
      expect(res.status, what).toBeLessThan(300);
      const next = await etag(org, url);
      expect(seen.has(next), `${what} must change the ETag`).toBe(false);
      seen.add(next);
    }
    // A PATCH that changes nothing keeps the representation, and so its ETag.
    const same = await etag(org, url);
    expect((await org.api.patch(url, { status: 'PENDING' })).headers.etag).toBe(same);
  });

  it('refuses a stale If-Match on PATCH and DELETE with 412, changing nothing; a current one succeeds with the new ETag', async () => {
    const org = await ctx.createOrg();
    const ticket = await createTicket(org.api);
    const url = `/api/v1/tickets/${ticket.id}`;
    const before = await org.api.get(url);
    const stale = String(before.headers.etag);
    expect((await org.api.patch(url, { priority: 'HIGH' }, { 'if-match': stale })).status).toBe(200);
    const afterFirst = await org.api.get(url);
    const refused = await org.api.patch(url, { priority: 'LOW', subject: 'Nope' }, { 'if-match': stale });
    expect(refused.status).toBe(412);
    expect(refused.body).toEqual({
      error: {
        code: 'precondition_failed',
        message: expect.any(String),
        details: [{ field: 'If-Match', issue: 'mismatch' }],
        request_id: expect.any(String),
      },
    });
    expect(await org.api.get(url)).toMatchObject({ body: afterFirst.body, headers: { etag: afterFirst.headers.etag } });
    // A weak tag never matches If-Match; a list holding the current one, or *, does.
    expect((await org.api.patch(url, { priority: 'LOW' }, { 'if-match': `W/${afterFirst.headers.etag}` })).status).toBe(
      412,
    );
    const ok = await org.api.patch(url, { priority: 'LOW' }, { 'if-match': `"x", ${afterFirst.headers.etag}` });
    expect(ok.status).toBe(200);
    const now = await org.api.get(url);
    expect(ok.headers.etag).toBe(now.headers.etag);
    expect((await org.api.patch(url, { priority: 'URGENT' }, { 'if-match': '*' })).status).toBe(200);

    const customer = `/api/v1/customers/${ticket.customer.id}`;
    const customerTag = await etag(org, customer);
    expect((await org.api.patch(customer, { name: 'Changed' })).status).toBe(200);
    expect((await org.api.delete(customer, { 'if-match': customerTag })).status).toBe(412);
    expect((await org.api.get(customer)).status).toBe(200);
    expect((await org.api.get(url)).status).toBe(200);
    expect((await org.api.delete(customer, { 'if-match': await etag(org, customer) })).status).toBe(200);
    expect((await org.api.get(customer)).status).toBe(404);
  });

  it('gives every single resource an ETag, 412 for a stale If-Match on PATCH and DELETE, the new ETag on PATCH', async () => {
    const org = await ctx.createOrg();
    const hook = (await postWebhook(org.api)).body.data;
    const user = (await postUser(org.api, 'u-1')).body.data;
    const team = (await org.api.post('/api/v1/teams', { name: 'T' })).body.data;
    const tag = (await org.api.post('/api/v1/tags', { name: 'x' })).body.data;
    const invitation = (await org.api.post('/api/v1/invitations', { email: 'inv@example.com' })).body.data;
    const customer = (await org.api.post('/api/v1/customers', { email: 'cu@example.com' })).body.data;
    const resources: [string, Record<string, unknown>, Record<string, unknown>][] = [
      [`/api/v1/webhooks/${hook.id}`, { name: 'renamed' }, { name: 'again' }],
      [`/api/v1/users/${user.id}`, { name: 'renamed' }, { name: 'again' }],
      [`/api/v1/teams/${team.id}`, { name: 'renamed' }, { name: 'again' }],
      [`/api/v1/tags/${tag.id}`, { name: 'renamed' }, { name: 'again' }],
      [`/api/v1/invitations/${invitation.id}`, { name: 'renamed' }, { name: 'again' }],
      [`/api/v1/customers/${customer.id}`, { name: 'renamed' }, { name: 'again' }],
    ];
    for (const [url, first, second] of resources) {
      const original = await etag(org, url);
      const patched = await org.api.patch(url, first, { 'if-match': original });
      expect(patched.status, url).toBe(200);
      expect(patched.headers.etag, url).toBe(await etag(org, url));
      const body = (await org.api.get(url)).body;
      expect((await org.api.patch(url, second, { 'if-match': original })).status, url).toBe(412);
      expect((await org.api.delete(url, { 'if-match': original })).status, url).toBe(412);
      expect((await org.api.get(url)).body, url).toEqual(body);
      expect((await org.api.delete(url, { 'if-match': String(patched.headers.etag) })).status, url).toBe(200);
      expect((await org.api.get(url)).status, url).toBe(404);
    }
  });

  it('lets exactly one of many concurrent PATCHes carrying the same If-Match succeed', async () => {
    const org = await ctx.createOrg();
    const ticket = await createTicket(org.api);
    const url = `/api/v1/tickets/${ticket.id}`;
    const tag = await etag(org, url);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        org.api.patch(url, { subject: `Edit ${i}`, priority: i % 2 ? 'HIGH' : 'LOW' }, { 'if-match': tag }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 412)).toHaveLength(7);
    const winner = answers.find((a) => a.status === 200)!;
    expect((await org.api.get(url)).body.data.subject).toBe(winner.body.data.subject);
  });
});
