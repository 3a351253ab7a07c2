import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, expect, it, vi } from 'vitest';
import { describeEachDialect } from './support/harness.js';
import { createTicket } from './support/ticket-fixtures.js';

// REPRESENTATION_CACHE_MB (src/http/representation-cache-plugin.ts): on SQLite the bytes and ETag of
// GET /tickets/{id} are kept and served again until anything is written to the database, by this
// process or another; PostgreSQL never keeps them. Hits are observed through the ticket service, which
// a hit does not call.

describeEachDialect('representation cache of GET /tickets/{id}', (ctx) => {
  const reads = () => vi.spyOn(ctx.container.tickets, 'get');
  afterEach(() => vi.restoreAllMocks());

  it('repeated reads: the same answer and ETag, 304 on If-None-Match; read once on SQLite, every time on PostgreSQL', async () => {
    const org = await ctx.createOrg();
    const ticket = await createTicket(org.api);
    const spy = reads();
    const first = await org.api.get(`/api/v1/tickets/${ticket.id}`);
    const second = await org.api.get(`/api/v1/tickets/${ticket.id}`);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    const notModified = await org.api.get(`/api/v1/tickets/${ticket.id}`, {
      'if-none-match': first.headers.etag as string,
    });
    expect(notModified.status).toBe(304);
    expect(spy).toHaveBeenCalledTimes(ctx.dialect === 'sqlite' ? 1 : 3);
  });

  it('answers with the new state after a write through the API, also one to another table (a tag renamed)', async () => {
    const org = await ctx.createOrg();
    const tag = (await org.api.post('/api/v1/tags', { name: 'billing' })).body.data;
    const ticket = await createTicket(org.api, { tag_ids: [tag.id] });
    const before = await org.api.get(`/api/v1/tickets/${ticket.id}`);
    expect((await org.api.patch(`/api/v1/tickets/${ticket.id}`, { subject: 'Changed subject' })).status).toBe(200);
    const afterPatch = await org.api.get(`/api/v1/tickets/${ticket.id}`);
    expect(afterPatch.body.data.subject).toBe('Changed subject');
    expect(afterPatch.headers.etag).not.toBe(before.headers.etag);
    expect(afterPatch.body.data.tags.map((t: { name: string }) => t.name)).toEqual(['billing']);
    expect((await org.api.patch(`/api/v1/tags/${tag.id}`, { name: 'invoices' })).status).toBe(200);
    const afterRename = await org.api.get(`/api/v1/tickets/${ticket.id}`);
    expect(afterRename.body.data.tags.map((t: { name: string }) => t.name)).toEqual(['invoices']);
    expect(afterRename.headers.etag).not.toBe(afterPatch.headers.etag);
  });

  it('never serves one organization what another read', async () => {
    const a = await ctx.createOrg('A');
    const b = await ctx.createOrg('B');
    const ticket = await createTicket(a.api);
    expect((await a.api.get(`/api/v1/tickets/${ticket.id}`)).status).toBe(200);
    expect((await b.api.get(`/api/v1/tickets/${ticket.id}`)).status).toBe(404);
  });

  it('answers with the new state after another connection wrote the row (another process: SQLite data_version)', async () => {
    const org = await ctx.createOrg();
    const ticket = await createTicket(org.api);
    expect((await org.api.get(`/api/v1/tickets/${ticket.id}`)).body.data.subject).not.toBe('Written elsewhere');
    if (ctx.dialect === 'sqlite') {
      const other = new SQLite(ctx.dbUrl.replace(/^sqlite:/, ''));
      try {
        other.prepare('UPDATE tickets SET subject = ? WHERE id = ?').run('Written elsewhere', ticket.id);
      } finally {
        other.close();
      }
    } else {
      await sql`UPDATE tickets SET subject = 'Written elsewhere' WHERE id = ${ticket.id}`.execute(ctx.database.db);
    }
    expect((await org.api.get(`/api/v1/tickets/${ticket.id}`)).body.data.subject).toBe('Written elsewhere');
  });
});

describeEachDialect(
  'representation cache turned off (REPRESENTATION_CACHE_MB=0)',
  (ctx) => {
    it('reads the database for every request', async () => {
      const org = await ctx.createOrg();
      const ticket = await createTicket(org.api);
      const spy = vi.spyOn(ctx.container.tickets, 'get');
      for (let i = 0; i < 3; i++) expect((await org.api.get(`/api/v1/tickets/${ticket.id}`)).status).toBe(200);
      expect(spy).toHaveBeenCalledTimes(3);
      spy.mockRestore();
    });
  },
  { env: { REPRESENTATION_CACHE_MB: '0' }, dialects: ['sqlite'] },
);
