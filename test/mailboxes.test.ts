import { expect, it } from 'vitest';
import { api } from './support/api.js';
import { describeEachDialect, ISO_MS, UUID } from './support/harness.js';

// Mailboxes of the email channel through HTTP: create, list, retrieve, update, delete and token
// rotation with the admin scope; the inbound URL shown only on create and rotation; passwords
// write-only and encrypted at rest; addresses unique across organizations, case-insensitively;
// other organizations' mailboxes invisible; bad input refused in the one error shape.

let n = 0;
const unique = () => `box${++n}-${Math.random().toString(36).slice(2, 8)}`;

const IMAP = { host: 'imap.example.com', port: 993, tls: 'implicit', username: 'support', password: 'imap-secret-1' };
const SMTP = { host: 'smtp.example.com', port: 587, tls: 'starttls', username: 'support', password: 'smtp-secret-1' };

describeEachDialect('mailboxes', (ctx) => {
  const row = (id: string) =>
    ctx.database.db.selectFrom('mailboxes').selectAll().where('id', '=', id).executeTakeFirst();
  const route = (address: string) =>
    ctx.database.db.selectFrom('mailbox_routes').selectAll().where('address', '=', address).executeTakeFirst();

  it('creates a mailbox: inbound_url once, settings without passwords, passwords sealed at rest', async () => {
    const org = await ctx.createOrg();
    const address = `${unique()}@Example.COM`;
    const res = await org.api.post('/api/v1/mailboxes', {
      name: 'Support',
      address,
      from_name: 'Acme Support',
      imap: IMAP,
      smtp: SMTP,
      mailgun_signing_key: 'mg-key-1',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(UUID),
      name: 'Support',
      address: address.toLowerCase(),
      from_name: 'Acme Support',
      imap: { host: 'imap.example.com', port: 993, tls: 'implicit', username: 'support', folder: 'INBOX' },
      smtp: { host: 'smtp.example.com', port: 587, tls: 'starttls', username: 'support' },
      status: 'active',
      last_error: null,
      last_polled_at: null,
      inbound_url: expect.stringMatching(/^http:\/\/localhost:\d+\/inbound\/email\/[A-Za-z0-9_-]{32}$/),
      created_at: expect.stringMatching(ISO_MS),
      updated_at: expect.stringMatching(ISO_MS),
    });
    const id = res.body.data.id;
    const stored = await row(id);
    const text = JSON.stringify(stored);
    for (const secret of ['imap-secret-1', 'smtp-secret-1', 'mg-key-1', res.body.data.inbound_url.split('/').pop()])
      expect(text).not.toContain(secret);
    expect(stored?.imap_password).toMatch(/^v1:/);
    expect(await ctx.container.mailboxes.openSecret(stored!.imap_password!)).toBe('imap-secret-1');
    expect(await ctx.container.mailboxes.openSecret(stored!.smtp_password!)).toBe('smtp-secret-1');
    expect(await route(address.toLowerCase())).toMatchObject({ owner_organization_id: org.id, mailbox_id: id });

    // Reads never show the inbound URL or a password.
    const { inbound_url: _, ...view } = res.body.data;
    expect((await org.api.get(`/api/v1/mailboxes/${id}`)).body).toEqual({ data: view });
    expect((await org.api.get('/api/v1/mailboxes')).body).toEqual({ data: [view] });
    // The token in the URL finds the mailbox; a made-up one does not.
    const token = res.body.data.inbound_url.split('/').pop();
    expect((await ctx.container.mailboxes.findByInboundToken(token))?.mailbox.id).toBe(id);
    expect(await ctx.container.mailboxes.findByInboundToken(`${token.slice(0, -1)}x`)).toBeNull();
  });

  it('keeps an address unique across organizations, case-insensitively (409), and frees it on delete', async () => {
    const a = await ctx.createOrg();
    const b = await ctx.createOrg();
    const address = `${unique()}@example.com`;
    const first = await a.api.post('/api/v1/mailboxes', { name: 'A', address });
    expect(first.status).toBe(201);
    for (const [org, again] of [
      [a, address],
      [b, address.toUpperCase()],
    ] as const) {
      const taken = await org.api.post('/api/v1/mailboxes', { name: 'B', address: again });
      expect(taken.status).toBe(409);
      expect(taken.body.error).toMatchObject({
        code: 'conflict',
        details: [{ field: 'address', issue: 'already_exists' }],
      });
    }
    expect((await b.api.get('/api/v1/mailboxes')).body).toEqual({ data: [] });
    // b cannot see, change, rotate or delete a's mailbox.
    const id = first.body.data.id;
    expect((await b.api.get(`/api/v1/mailboxes/${id}`)).status).toBe(404);
    expect((await b.api.patch(`/api/v1/mailboxes/${id}`, { name: 'x' })).status).toBe(404);
    expect((await b.api.post(`/api/v1/mailboxes/${id}/rotate-inbound-token`)).status).toBe(404);
    expect((await b.api.delete(`/api/v1/mailboxes/${id}`)).status).toBe(404);
    expect((await row(id))?.name).toBe('A');

    expect((await a.api.delete(`/api/v1/mailboxes/${id}`)).body).toEqual({ data: { deleted: true } });
    expect(await row(id)).toBeUndefined();
    expect(await route(address)).toBeUndefined();
    expect((await a.api.get(`/api/v1/mailboxes/${id}`)).status).toBe(404);
    expect((await b.api.post('/api/v1/mailboxes', { name: 'B', address })).status).toBe(201);
  });

  it('takes over the route of a mailbox whose organization was deleted', async () => {
    const gone = await ctx.createOrg();
    const address = `${unique()}@example.com`;
    expect((await gone.api.post('/api/v1/mailboxes', { name: 'A', address })).status).toBe(201);
    await ctx.database.db.deleteFrom('organizations').where('id', '=', gone.id).execute();
    expect(await route(address)).toBeDefined();
    const next = await ctx.createOrg();
    const res = await next.api.post('/api/v1/mailboxes', { name: 'B', address });
    expect(res.status).toBe(201);
    expect(await route(address)).toMatchObject({ owner_organization_id: next.id, mailbox_id: res.body.data.id });
  });

  it('updates: a left-out password is kept, null settings are removed, a new address moves the route', async () => {
    const org = await ctx.createOrg();
    const address = `${unique()}@example.com`;
    const created = await org.api.post('/api/v1/mailboxes', { name: 'A', address, imap: IMAP, smtp: SMTP });
    const id = created.body.data.id;
    const before = await row(id);
    const { password: _, ...imapWithoutPassword } = IMAP;
    const patched = await org.api.patch(`/api/v1/mailboxes/${id}`, {
      name: 'Renamed',
      imap: { ...imapWithoutPassword, host: 'imap2.example.com', folder: 'Support' },
      smtp: null,
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data).toMatchObject({
      name: 'Renamed',
      imap: { host: 'imap2.example.com', folder: 'Support' },
      smtp: null,
    });
    expect(patched.body.data).not.toHaveProperty('inbound_url');
    const after = await row(id);
    expect(after?.imap_password).toBe(before?.imap_password);
    expect(after?.smtp_password).toBeNull();

    const moved = `${unique()}@example.com`;
    expect((await org.api.patch(`/api/v1/mailboxes/${id}`, { address: moved.toUpperCase() })).body.data.address).toBe(
      moved,
    );
    expect(await route(address)).toBeUndefined();
    expect(await route(moved)).toMatchObject({ mailbox_id: id, token_hash: before?.inbound_token_hash });
    // Moving onto a taken address is 409 and changes nothing.
    const other = await org.api.post('/api/v1/mailboxes', { name: 'B', address: `${unique()}@example.com` });
    const clash = await org.api.patch(`/api/v1/mailboxes/${id}`, { address: other.body.data.address });
    expect(clash.status).toBe(409);
    expect((await row(id))?.address).toBe(moved);
    expect(await route(moved)).toBeDefined();
  });

  it('rotates the inbound token: the old URL stops working at once', async () => {
    const org = await ctx.createOrg();
    const created = await org.api.post('/api/v1/mailboxes', { name: 'A', address: `${unique()}@example.com` });
    const oldToken = created.body.data.inbound_url.split('/').pop();
    const rotated = await org.api.post(`/api/v1/mailboxes/${created.body.data.id}/rotate-inbound-token`);
    expect(rotated.status).toBe(200);
    const newToken = rotated.body.data.inbound_url.split('/').pop();
    expect(newToken).not.toBe(oldToken);
    expect(await ctx.container.mailboxes.findByInboundToken(oldToken)).toBeNull();
    expect((await ctx.container.mailboxes.findByInboundToken(newToken))?.mailbox.id).toBe(created.body.data.id);
  });

  it('refuses bad input (400), non-admin keys (403) and malformed ids (404)', async () => {
    const org = await ctx.createOrg();
    const bad = [
      { name: 'A', address: 'not an address' },
      { name: 'A', address: '<script>@example.com' },
      { name: '', address: `${unique()}@example.com` },
      { name: 'A', address: `${unique()}@example.com`, imap: { ...IMAP, password: undefined } },
      { name: 'A', address: `${unique()}@example.com`, imap: { ...IMAP, tls: 'ssl' } },
      { name: 'A', address: `${unique()}@example.com`, smtp: { ...SMTP, port: 70000 } },
    ];
    for (const body of bad) {
      const res = await org.api.post('/api/v1/mailboxes', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
    expect(
      (await ctx.database.db.selectFrom('mailboxes').where('organization_id', '=', org.id).selectAll().execute())
        .length,
    ).toBe(0);
    const agent = api(ctx.app, await org.keyWith(['tickets:read', 'tickets:write', 'webhooks:write']));
    expect((await agent.get('/api/v1/mailboxes')).status).toBe(403);
    expect((await agent.post('/api/v1/mailboxes', { name: 'A', address: `${unique()}@example.com` })).status).toBe(403);
    expect((await org.api.get('/api/v1/mailboxes/not-a-uuid')).status).toBe(404);
  });
});
