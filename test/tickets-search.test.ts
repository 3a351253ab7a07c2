import pg from 'pg';
import { beforeAll, expect, it, vi } from 'vitest';
import { describeEachDialect, type TestOrg } from './support/harness.js';
import { createTicket } from './support/ticket-fixtures.js';

// Installed when the file loads, before the harness opens a database (its pool keeps the query method
// it finds); one spy for the file's three suites.
const queries = vi.spyOn(pg.Client.prototype, 'query');

describeEachDialect(
  'tickets: search',
  (ctx) => {
    let org: TestOrg;
    let other: TestOrg;
    const ids: Record<string, string> = {};

    const search = async (term: string, extra = '', viewer: TestOrg = org) => {
      const res = await viewer.api.get(`/api/v1/tickets?search=${encodeURIComponent(term)}${extra}`);
      expect(res.status, term).toBe(200);
      return res;
    };
    const found = async (term: string, extra = '') =>
      (await search(term, extra)).body.data.map((x: any) => x.ticket_number);

    beforeAll(async () => {
      org = await ctx.createOrg('search org');
      other = await ctx.createOrg('other');
      const mk = async (key: string, body: Record<string, unknown>) => {
        ids[key] = (await createTicket(org.api, body)).id;
      };
      // #1
      await mk('subject', {
        subject: 'Invoice PDF is Blank',
        message: 'plain text',
        customer: { email: 'zed@alpha.test', name: 'Zed' },
      });
      // #2
      await mk('email', {
        subject: 'Hello',
        message: 'plain text',
        customer: { email: 'Quentin.Q@Bravo.test', name: 'QQ' },
      });
      // #3
      await mk('name', {
        subject: 'Hello again',
        message: 'plain text',
        customer: { email: 'x3@charlie.test', name: 'Marguerite Öztürk' },
      });
      // #4: the match is in a later message only
      await mk('message', { subject: 'Hi', message: 'plain text', customer: { email: 'x4@delta.test' } });
      await org.api.post(`/api/v1/tickets/${ids.message}/messages`, { content: 'The flux capacitor overheats' });
      // #5..#7: special characters
      await mk('percent', { subject: 'Discount 50% off', message: 'plain text', customer: { email: 'x5@echo.test' } });
      await mk('underscore', {
        subject: 'Field user_name missing',
        message: 'plain text',
        customer: { email: 'x6@echo.test' },
      });
      await mk('quote', {
        subject: 'He said "hi" twice',
        message: 'back\\slash here',
        customer: { email: 'x7@echo.test' },
      });
      // #8: closed, matched by subject
      await mk('closed', { subject: 'Invoice overdue', message: 'plain text', customer: { email: 'x8@echo.test' } });
      await org.api.patch(`/api/v1/tickets/${ids.closed}`, { status: 'CLOSED' });
      for (let i = 0; i < 4; i++)
        await createTicket(other.api, {
          subject: 'Invoice flux 50% user_name "hi"',
          customer: { email: 'zed@alpha.test', name: 'Marguerite' },
        });
    });

    // Each scenario lists [term, ticket numbers found, extra query string].
    it.each<[string, [term: string, expected: string[], extra?: string][]]>([
      [
        'matches subject substrings case-insensitively',
        [
          ['invoice pdf', ['1']],
          ['VOICE', ['1']],
          ['invoice', ['8', '1'], '&include_closed=true'],
        ],
      ],
      [
        'matches the customer email and name',
        [
          ['quentin.q@bravo', ['2']],
          ['BRAVO.TEST', ['2']],
          ['marguerite', ['3']],
          ['Öztürk', ['3']],
          ['öZTÜRK', ['3']],
        ],
      ],
      // PostgreSQL asks its email index for the part before the '@' only: the whole address must still match.
      [
        'matches a whole address, domain included',
        [
          ['QUENTIN.q@bravo.test', ['2']],
          ['quentin.q@alpha.test', []],
          ['zed@alpha.test', ['1']],
          ['zed@bravo', []],
        ],
      ],
      [
        'matches the content of any message, not only the first',
        [
          ['capacitor', ['4']],
          ['FLUX CAP', ['4']],
        ],
      ],
      [
        'matches the ticket number exactly, with or without #',
        [
          ['#2', ['2']],
          ['3', ['3']],
          ['8', ['8'], '&include_closed=true'],
          ['#99', []],
        ],
      ],
      // "Hi": #7 "He said "hi" twice" and #4, subject "Hi".
      [
        'serves short terms (1-2 characters) too',
        [
          ['Hi', ['7', '4']],
          ['%', ['5']],
          ['öz', ['3']],
          ['ÖZ', ['3']],
        ],
      ],
      // Subjects ('Hello', 'Field') and a customer's address (x4@delta.test) in one list, newest first, paged;
      // a ticket matched several ways (#5: its number, its subject, its customer's address) once.
      [
        'merges short-term matches of subjects, messages and customers',
        [
          ['el', ['6', '4', '3', '2']],
          ['el', ['3', '2'], '&limit=2&page=2'],
          ['ux', ['4']],
          ['5', ['5']],
        ],
      ],
      [
        'treats % _ " and \\ literally',
        [
          ['50%', ['5']],
          ['0% o', ['5']],
          ['r_n', ['6']],
          ['_', ['6']],
          ['"hi"', ['7']],
          ['said "', ['7']],
          ['k\\s', ['7']],
          ['%%', []],
        ],
      ],
    ])('%s', async (_title, cases) => {
      for (const [term, expected, extra = ''] of cases) expect(await found(term, extra), term).toEqual(expected);
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
      expect((await search('zzzzqqq')).body).toEqual({
        data: [],
        meta: { pagination: { page: 1, limit: 20, total: 0, total_pages: 0 } },
      });
    });

    it("never matches another organization's tickets", async () => {
      const theirs = (await search('Invoice flux', '', other)).body.data;
      expect(theirs).toHaveLength(4);
      for (const term of ['Zed', 'capacitor', 'quentin', 'Marguerite Ö', 'Hello']) {
        const res = await search(term, '&include_closed=true', other);
        expect(
          res.body.data.every((x: any) => x.subject.startsWith('Invoice flux')),
          term,
        ).toBe(true);
      }
      expect(await found('Invoice flux')).toEqual([]);
    });

    // The search statements are prepared (named); from the sixth run PostgreSQL may switch a prepared
    // statement to a generic plan, blind to the term's pattern (bench: a word search 8 -> 85 ms). Every
    // search transaction asks for custom plans; the answers stay the same run after run.
    it('a search repeated past the prepared-statement plan switch gives the same answer, planned for its term each time', async () => {
      queries.mockClear();
      const first = (await search('invoice', '&include_closed=true')).body;
      for (let i = 0; i < 7; i++) expect((await search('invoice', '&include_closed=true')).body).toEqual(first);
      const texts = (queries.mock.calls as unknown as [unknown][]).map(([q]) =>
        typeof q === 'string' ? q : String((q as { text?: string } | null)?.text ?? ''),
      );
      const customPlans = texts.filter((t) =>
        /set_config\('plan_cache_mode', 'force_custom_plan', true\)/.test(t),
      ).length;
      expect(customPlans).toBe(ctx.dialect === 'postgres' ? 8 : 0);
    });
  },
  { partitioned: true },
);
