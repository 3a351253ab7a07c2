import { beforeAll, expect, it } from 'vitest';
import { call, describeEachDialect, type TestOrg } from './support/harness.js';
import { createTicket } from './tickets-fixtures.js';

describeEachDialect('tickets: search', (ctx) => {
  let org: TestOrg;
  let other: TestOrg;
  const ids: Record<string, string> = {};

  const search = async (term: string, extra = '', token = org.token) => {
    const res = await call(ctx.app, 'GET', `/api/v1/tickets?search=${encodeURIComponent(term)}${extra}`, { token });
    expect(res.status, term).toBe(200);
    return res;
  };
  const found = async (term: string, extra = '') => (await search(term, extra)).body.data.map((x: any) => x.ticket_number);

  beforeAll(async () => {
    org = await ctx.createOrg('search org');
    other = await ctx.createOrg('other');
    const mk = async (key: string, body: Record<string, unknown>) => {
      ids[key] = (await createTicket(ctx, org.token, body)).id;
    };
    // #1
    await mk('subject', { subject: 'Invoice PDF is Blank', message: 'plain text', customer: { email: 'zed@alpha.test', name: 'Zed' } });
    // #2
    await mk('email', { subject: 'Hello', message: 'plain text', customer: { email: 'Quentin.Q@Bravo.test', name: 'QQ' } });
    // #3
    await mk('name', { subject: 'Hello again', message: 'plain text', customer: { email: 'x3@charlie.test', name: 'Marguerite Öztürk' } });
    // #4: the match is in a later message only
    await mk('message', { subject: 'Hi', message: 'plain text', customer: { email: 'x4@delta.test' } });
    await call(ctx.app, 'POST', `/api/v1/tickets/${ids.message}/messages`, { token: org.token, body: { content: 'The flux capacitor overheats' } });
    // #5..#7: special characters
    await mk('percent', { subject: 'Discount 50% off', message: 'plain text', customer: { email: 'x5@echo.test' } });
    await mk('underscore', { subject: 'Field user_name missing', message: 'plain text', customer: { email: 'x6@echo.test' } });
    await mk('quote', { subject: 'He said "hi" twice', message: 'back\\slash here', customer: { email: 'x7@echo.test' } });
    // #8: closed, matched by subject
    await mk('closed', { subject: 'Invoice overdue', message: 'plain text', customer: { email: 'x8@echo.test' } });
    await call(ctx.app, 'PATCH', `/api/v1/tickets/${ids.closed}`, { token: org.token, body: { status: 'CLOSED' } });
    for (let i = 0; i < 4; i++) await createTicket(ctx, other.token, { subject: 'Invoice flux 50% user_name "hi"', customer: { email: 'zed@alpha.test', name: 'Marguerite' } });
  });

  it('matches subject substrings case-insensitively', async () => {
    expect(await found('invoice pdf')).toEqual(['1']);
    expect(await found('VOICE')).toEqual(['1']);
    expect(await found('invoice', '&include_closed=true')).toEqual(['8', '1']);
  });

  it('matches the customer email and name', async () => {
    expect(await found('quentin.q@bravo')).toEqual(['2']);
    expect(await found('BRAVO.TEST')).toEqual(['2']);
    expect(await found('marguerite')).toEqual(['3']);
    expect(await found('Öztürk')).toEqual(['3']);
    expect(await found('öZTÜRK')).toEqual(['3']);
  });

  it('matches the content of any message, not only the first', async () => {
    expect(await found('capacitor')).toEqual(['4']);
    expect(await found('FLUX CAP')).toEqual(['4']);
  });

  it('matches the ticket number exactly, with or without #', async () => {
    expect(await found('#2')).toEqual(['2']);
    expect(await found('3')).toEqual(['3']);
    expect(await found('8', '&include_closed=true')).toEqual(['8']);
    expect(await found('#99')).toEqual([]);
  });

  it('serves short terms (1-2 characters) too', async () => {
    expect(await found('Hi')).toEqual(['7', '4']); // "He said "hi" twice", subject "Hi"
    expect(await found('%')).toEqual(['5']);
    expect(await found('öz')).toEqual(['3']);
    expect(await found('ÖZ')).toEqual(['3']);
  });

  it('treats % _ " and \\ literally', async () => {
    expect(await found('50%')).toEqual(['5']);
    expect(await found('0% o')).toEqual(['5']);
    expect(await found('r_n')).toEqual(['6']);
    expect(await found('_')).toEqual(['6']);
    expect(await found('"hi"')).toEqual(['7']);
    expect(await found('said "')).toEqual(['7']);
    expect(await found('k\\s')).toEqual(['7']);
    expect(await found('%%')).toEqual([]);
  });

  it('combines search with filters and keeps closed tickets out by default', async () => {
    expect(await found('invoice')).toEqual(['1']);
    expect(await found('invoice', '&status=CLOSED')).toEqual(['8']);
    expect(await found('text', '&priority=HIGH')).toEqual([]);
    // "plain text" is the first message of #1-#6 and #8 (closed).
    const res = await search('plain text', '&limit=2&page=2');
    expect(res.body.data.map((x: any) => x.ticket_number)).toEqual(['4', '3']);
    expect(res.body.meta.pagination).toEqual({ page: 2, limit: 2, total: 6, total_pages: 3 });
  });

  it('ignores a blank search and finds nothing for unmatched terms', async () => {
    expect((await search('   ')).body.meta.pagination.total).toBe(7);
    expect((await search('')).body.meta.pagination.total).toBe(7);
    expect((await search('zzzzqqq')).body).toEqual({ data: [], meta: { pagination: { page: 1, limit: 20, total: 0, total_pages: 0 } } });
  });

  it("never matches another organization's tickets", async () => {
    const theirs = (await search('Invoice flux', '', other.token)).body.data;
    expect(theirs).toHaveLength(4);
    for (const term of ['Zed', 'capacitor', 'quentin', 'Marguerite Ö', 'Hello']) {
      const res = await search(term, '&include_closed=true', other.token);
      expect(res.body.data.every((x: any) => x.subject.startsWith('Invoice flux')), term).toBe(true);
    }
    expect(await found('Invoice flux')).toEqual([]);
  });
});
