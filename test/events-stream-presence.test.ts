import { afterAll, beforeAll, expect, it } from 'vitest';
import { logSettled } from './support/event-log.js';
import { postUser } from './support/fixtures.js';
import { describeEachDialect } from './support/harness.js';
import { openStream } from './support/sse.js';
import { postTicket } from './support/ticket-fixtures.js';

// POST /api/v1/tickets/{id}/presence: ephemeral, sent to the organization's live streams as
// `event: presence`, holding for the TTL (shortened here), never in the event log.

const TTL_MS = 1_500;

describeEachDialect(
  'ticket presence',
  (ctx) => {
    let base = '';
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const address = ctx.app.server.address();
      base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    // The test's kept-alive fetch connections to this shared app would hold its close open.
    afterAll(() => {
      ctx.app.server.closeAllConnections();
    });
    const streamUrl = () => `${base}/api/v1/events/stream`;

    it('sends viewing and typing to the streams, holds them for the TTL, never logs them', async () => {
      const org = await ctx.createOrg();
      expect((await postUser(org.api, 'agent-1', 'Agent One')).status).toBe(201);
      const ticket = (await postTicket(org.api)).body.data;
      await logSettled(ctx);
      const logBefore = (await org.api.get('/api/v1/events?limit=1000')).body.data;
      const stream = await openStream(streamUrl(), { token: org.token });
      try {
        const path = `/api/v1/tickets/${ticket.id}/presence`;
        const before = Date.now();
        const viewing = await org.api.post(path, { state: 'viewing', user_id: 'agent-1' });
        expect(viewing.status).toBe(204);
        expect(viewing.body).toBeUndefined();
        const [first] = await stream.take(1, (m) => m.event === 'presence');
        expect(first.id).toBeUndefined();
        const data = JSON.parse(first.data);
        expect(data).toEqual({
          ticket_id: ticket.id,
          user: { id: 'agent-1', name: 'Agent One', email: 'agent-1@example.com' },
          state: 'viewing',
          expires_at: expect.any(String),
        });
        const expires = Date.parse(data.expires_at);
        expect(expires).toBeGreaterThanOrEqual(before + TTL_MS - 50);
        expect(expires).toBeLessThanOrEqual(Date.now() + TTL_MS + 50);

        expect((await org.api.post(path, { state: 'typing', user_id: 'agent-1' })).status).toBe(204);
        const [second] = await stream.take(1, (m) => m.event === 'presence');
        expect(JSON.parse(second.data).state).toBe('typing');

        // A stream opened while the report holds receives it; one opened after it expired does not.
        const late = await openStream(streamUrl(), { token: org.token });
        const [held] = await late.take(1, (m) => m.event === 'presence');
        expect(JSON.parse(held.data).state).toBe('typing');
        late.close();
        await new Promise((r) => setTimeout(r, TTL_MS + 500));
        const later = await openStream(streamUrl(), { token: org.token });
        await new Promise((r) => setTimeout(r, 500));
        expect(later.messages.filter((m) => m.event === 'presence')).toEqual([]);
        later.close();

        // Never in the event log, nor as an event message.
        await logSettled(ctx);
        expect((await org.api.get('/api/v1/events?limit=1000')).body.data).toEqual(logBefore);
        expect(stream.messages.filter((m) => m.event !== 'presence')).toEqual([]);
        // Another organization's streams hear nothing of it.
        const other = await ctx.createOrg();
        const elsewhere = await openStream(streamUrl(), { token: other.token });
        await org.api.post(path, { state: 'viewing', user_id: 'agent-1' });
        await stream.take(1, (m) => m.event === 'presence');
        await new Promise((r) => setTimeout(r, 300));
        expect(elsewhere.messages).toEqual([]);
        elsewhere.close();
      } finally {
        stream.close();
      }
    });

    it("answers 404 for another organization's ticket or an unknown user, 400 without user_id or with a bad state, 403 without tickets:read", async () => {
      const org = await ctx.createOrg();
      const other = await ctx.createOrg();
      await postUser(org.api, 'agent-2');
      const mine = (await postTicket(org.api)).body.data;
      const theirs = (await postTicket(other.api)).body.data;
      const stream = await openStream(streamUrl(), { token: other.token });
      try {
        const foreign = await org.api.post(`/api/v1/tickets/${theirs.id}/presence`, {
          state: 'viewing',
          user_id: 'agent-2',
        });
        expect(foreign.status).toBe(404);
        expect(foreign.body.error.code).toBe('not_found');
        const missing = await org.api.post('/api/v1/tickets/not-a-ticket/presence', {
          state: 'viewing',
          user_id: 'agent-2',
        });
        expect(missing.status).toBe(404);
        const path = `/api/v1/tickets/${mine.id}/presence`;
        const unknownUser = await org.api.post(path, { state: 'viewing', user_id: 'nobody' });
        expect(unknownUser.status).toBe(404);
        const noUser = await org.api.post(path, { state: 'viewing' });
        expect(noUser.status).toBe(400);
        expect(noUser.body.error.details[0].field).toBe('user_id');
        const badState = await org.api.post(path, { state: 'sleeping', user_id: 'agent-2' });
        expect(badState.status).toBe(400);
        const narrow = await ctx.app.inject({
          method: 'POST',
          url: path,
          headers: { authorization: `Bearer ${await org.keyWith(['events:read'])}` },
          payload: { state: 'viewing', user_id: 'agent-2' },
        });
        expect(narrow.statusCode).toBe(403);
        await new Promise((r) => setTimeout(r, 300));
        expect(stream.messages.filter((m) => m.event === 'presence')).toEqual([]);
      } finally {
        stream.close();
      }
    });
  },
  { env: { PRESENCE_TTL_MS: String(TTL_MS), EVENT_STREAM_PING_MS: '200' } },
);
