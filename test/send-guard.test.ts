import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { ApiError, createHelpdesk } from '../packages/sdk/src/index.js';
import { logSettled } from './support/event-log.js';
import { countRows } from './support/fixtures.js';
import { describeEachDialect, type TestOrg } from './support/harness.js';
import { createTicket, seedUser } from './support/ticket-fixtures.js';

// The send guard: adding a message or a note to a ticket takes If-Match with the ticket's ETag (as
// GET /tickets/{id} answers it). A stale one is 412 precondition_failed with nothing stored (no row,
// no event); the current one, a list holding it, or * goes through. A message changes the ticket's
// ETag, a note does not, so of concurrent replies sent against the same ETag exactly one is stored.

describeEachDialect(
  'send guard: If-Match on adding a message or a note',
  (ctx) => {
    async function setup() {
      const org = await ctx.createOrg();
      const user = await seedUser(ctx, org.id);
      const ticket = await createTicket(org.api);
      return { org, user, ticket, url: `/api/v1/tickets/${ticket.id}` };
    }

    const etagOf = async (org: TestOrg, url: string) => {
      const res = await org.api.get(url);
      expect(res.status).toBe(200);
      return String(res.headers.etag);
    };

    /** What a refused write must leave unchanged. */
    const stored = async (org: TestOrg) => {
      await logSettled(ctx);
      return {
        messages: await countRows(ctx, 'messages', org.id),
        notes: Number(
          (
            await ctx.database.db
              .selectFrom('notes')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('organization_id', '=', org.id)
              .executeTakeFirstOrThrow()
          ).n,
        ),
        events: await countRows(ctx, 'events', org.id),
      };
    };

    for (const kind of ['messages', 'notes'] as const) {
      it(`${kind}: 412 for a stale or weak If-Match with nothing stored; the current ETag, a list holding it, or * adds`, async () => {
        const { org, user, url } = await setup();
        const body = { content: 'Reply', user_id: user.id };
        const stale = await etagOf(org, url);
        // Someone else's change since: the ETag read above is stale now.
        expect((await org.api.patch(url, { priority: 'HIGH' })).status).toBe(200);
        const current = await etagOf(org, url);
        expect(current).not.toBe(stale);

        const before = await stored(org);
        for (const ifMatch of [stale, `W/${current}`, '"nope"']) {
          const refused = await org.api.post(`${url}/${kind}`, body, { 'if-match': ifMatch });
          expect(refused.status, ifMatch).toBe(412);
          expect(refused.body).toEqual({
            error: {
              code: 'precondition_failed',
              message: expect.any(String),
              details: [{ field: 'If-Match', issue: 'mismatch' }],
              request_id: expect.any(String),
            },
          });
        }
        expect(await stored(org)).toEqual(before);

        const added = await org.api.post(`${url}/${kind}`, body, { 'if-match': current });
        expect(added.status, JSON.stringify(added.body)).toBe(201);
        const listed = await org.api.post(`${url}/${kind}`, body, { 'if-match': `"x", ${await etagOf(org, url)}` });
        expect(listed.status).toBe(201);
        expect((await org.api.post(`${url}/${kind}`, body, { 'if-match': '*' })).status).toBe(201);
        const after = await stored(org);
        expect(after[kind]).toBe(before[kind] + 3);
        expect(after.events).toBe(before.events + 3);
        // A ticket that does not exist is still a 404, whatever If-Match says.
        const missing = await org.api.post(`/api/v1/tickets/00000000-0000-4000-8000-000000000000/${kind}`, body, {
          'if-match': '*',
        });
        expect(missing.status).toBe(404);
      });
    }

    it('a message changes the ETag (the next reply sent against the old one is refused); a note does not', async () => {
      const { org, user, ticket, url } = await setup();
      const tag = await etagOf(org, url);
      const note = (content: string) =>
        org.api.post(`${url}/notes`, { content, user_id: user.id }, { 'if-match': tag });
      expect((await note('first')).status).toBe(201);
      expect((await note('second')).status).toBe(201);
      expect(await etagOf(org, url)).toBe(tag);
      const reply = await org.api.post(`${url}/messages`, { content: 'Hello', user_id: user.id }, { 'if-match': tag });
      expect(reply.status).toBe(201);
      expect(await etagOf(org, url)).not.toBe(tag);
      const late = await org.api.post(`${url}/messages`, { content: 'Hello too' }, { 'if-match': tag });
      expect(late.status).toBe(412);
      expect((await note('third')).status).toBe(412);
      const shown = (await org.api.get(url)).body.data;
      expect(shown.messages.map((m: { content: string }) => m.content)).toEqual([ticket.messages[0].content, 'Hello']);
      expect((await org.api.get(`${url}/notes`)).body.data.map((n: { content: string }) => n.content)).toEqual([
        'first',
        'second',
      ]);
    });

    it('lets exactly one of concurrent replies carrying the same If-Match through', async () => {
      const { org, user, url } = await setup();
      const tag = await etagOf(org, url);
      const before = await stored(org);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          org.api.post(`${url}/messages`, { content: `Reply ${i}`, user_id: user.id }, { 'if-match': tag }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 412, 412, 412, 412, 412]);
      const winner = answers.find((a) => a.status === 201)!.body.data;
      const after = await stored(org);
      expect(after).toEqual({ ...before, messages: before.messages + 1, events: before.events + 1 });
      const messages = (await org.api.get(url)).body.data.messages;
      expect(messages.at(-1)).toEqual(winner);
      expect(messages).toHaveLength(2);
    });

    it('two concurrent POSTs with the same If-Match: one 201, one 412', async () => {
      const { org, user, url } = await setup();
      const tag = await etagOf(org, url);
      const [first, second] = await Promise.all([
        org.api.post(`${url}/messages`, { content: 'Reply', user_id: user.id }, { 'if-match': tag }),
        org.api.post(`${url}/messages`, { content: 'Reply again', user_id: user.id }, { 'if-match': tag }),
      ]);
      expect([first.status, second.status].sort()).toEqual([201, 412]);
      expect(await countRows(ctx, 'messages', org.id)).toBe(2);
    });

    it('replays an Idempotency-Key as first answered, even once its If-Match has gone stale', async () => {
      const { org, user, url } = await setup();
      const tag = await etagOf(org, url);
      const headers = { 'if-match': tag, 'idempotency-key': `guard-${Math.random()}` };
      const body = { content: 'Once', user_id: user.id };
      const first = await org.api.post(`${url}/messages`, body, headers);
      expect(first.status).toBe(201);
      const again = await org.api.post(`${url}/messages`, body, headers);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await countRows(ctx, 'messages', org.id)).toBe(2);
    });

    it('the SDK sends If-Match (ifMatch) and lists and creates notes', async () => {
      const { org, user, ticket, url } = await setup();
      await ctx.app.listen({ host: '127.0.0.1', port: 0 });
      const baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
      const sdk = createHelpdesk({ apiKey: org.token, baseUrl, retry: false });
      const tag = await etagOf(org, url);
      const note = await sdk.tickets.notes.create(
        ticket.id,
        { content: 'via SDK', user_id: user.id },
        { ifMatch: tag },
      );
      expect(note).toMatchObject({ ticket_id: ticket.id, content: 'via SDK', author: { type: 'user', id: user.id } });
      expect(await sdk.tickets.notes.list(ticket.id)).toEqual([note]);
      await sdk.tickets.addMessage(ticket.id, { content: 'reply', user_id: user.id }, { ifMatch: tag });
      const refused = await sdk.tickets.notes
        .create(ticket.id, { content: 'late', user_id: user.id }, { ifMatch: tag })
        .catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({ status: 412, code: 'precondition_failed' });
      expect(await sdk.tickets.notes.list(ticket.id)).toEqual([note]);
    });
  },
  // Also on tables hash-partitioned by organization: the ticket lock and the note's foreign key hold there too.
  { partitioned: true },
);
