import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { App } from '../src/shared/http.js';
import { captureLogLines } from './support/log-capture.js';
import { describeEachDialect } from './support/harness.js';
import { ticketBody } from './support/ticket-fixtures.js';

// Every POST under /api/v1 accepts Idempotency-Key, and each stores its answer inside
// the transaction of its effects: the plugin warns when an answer had to be stored afterwards (a route
// whose answer is not its transaction's result), which this suite refuses.

describeEachDialect('idempotency: every POST route', (ctx) => {
  let app: App;
  const { stream, lines } = captureLogLines();
  beforeAll(async () => {
    app = await buildApp(ctx.container, { logger: { level: 'warn', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('replays each create and action byte for byte, stored with its effects', async () => {
    const org = await ctx.createOrg();
    const post = (url: string, body: unknown, key: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${org.token}`, 'content-type': 'application/json', 'idempotency-key': key },
        payload: JSON.stringify(body),
      });
    let n = 0;
    const once = async (url: string, body: unknown) => {
      const key = `k-${++n}`;
      const first = await post(url, body, key);
      expect(first.statusCode, `${url}: ${first.body}`).toBeLessThan(300);
      const again = await post(url, body, key);
      expect(again.statusCode, url).toBe(first.statusCode);
      expect(again.headers['idempotent-replayed'], url).toBe('true');
      return { first: JSON.parse(first.body), again: JSON.parse(again.body), raw: [first.body, again.body] };
    };
    const same = async (url: string, body: unknown) => {
      const r = await once(url, body);
      expect(r.raw[1], url).toBe(r.raw[0]);
      return r.first.data;
    };
    const ticket = await same('/tickets', ticketBody());
    await same(`/tickets/${ticket.id}/messages`, { content: 'more' });
    await same('/customers', { email: 'c@example.com' });
    const hook = await same('/webhooks', { name: 'h', url: 'http://127.0.0.1:9/h', events: ['ticket.created'] });
    const ping = await same(`/webhooks/${hook.id}/test`, {});
    await same(`/webhooks/${hook.id}/deliveries/${ping.id}/retry`, {});
    await same(`/webhooks/${hook.id}/rotate-secret`, { previous_secret_expires_in: 60 });
    await same('/webhooks/subscribe', { url: 'http://127.0.0.1:9/s', event: 'ticket.created' });
    await same('/webhooks/unsubscribe', { url: 'http://127.0.0.1:9/s' });
    const user = await same('/users', { name: 'Agent', email: 'agent@example.com' });
    await same('/teams', { name: 'Team', member_ids: [user.id] });
    await same('/tags', { name: 'vip' });
    const invitation = await same('/invitations', { email: 'new@example.com' });
    await same(`/invitations/${invitation.id}/accept`, {});
    const other = await same('/invitations', { email: 'other@example.com' });
    await same(`/invitations/${other.id}/revoke`, {});
    // An API key's token is shown once and stored only as a hash: the replay answers the key without it.
    const key = await once('/api-keys', { scopes: ['tickets:read'] });
    expect(key.first.data.token).toMatch(/^hdk_/);
    expect(key.again).toEqual({ data: { ...key.first.data, token: '' } });
    const keys = await ctx.database.db
      .selectFrom('api_keys')
      .select('id')
      .where('organization_id', '=', org.id)
      .execute();
    expect(keys).toHaveLength(2); // the organization's own and one created here
    expect(lines.filter((l) => /stored after its transaction/.test(l.msg ?? ''))).toEqual([]);
  });
});
