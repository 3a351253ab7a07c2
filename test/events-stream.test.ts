import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createContainer } from '../src/container.js';
import { createRetention } from '../src/events/retention.js';
import { logSettled } from './support/event-log.js';
import { describeEachDialect } from './support/harness.js';
import { openStream, type SseStream } from './support/sse.js';
import { eventually } from './support/webhook-receiver.js';

// GET /api/v1/events/stream: the event log as Server-Sent Events, over a real HTTP connection.

const DAY = 86_400_000;

describeEachDialect(
  'live event stream',
  (ctx) => {
    let base = '';
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const address = ctx.app.server.address();
      base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });

    // Streams end at close (the last test shows it); the kept-alive connections of the test's fetch
    // client to this shared app are cut here so that the suite's own close does not wait for them.
    afterAll(() => {
      ctx.app.server.closeAllConnections();
    });
    const url = (query = '') => `${base}/api/v1/events/stream${query}`;
    const newCustomer = async (org: { api: any }, email: string) => {
      const res = await org.api.post('/api/v1/customers', { email });
      expect(res.status).toBe(201);
      return res.body.data;
    };
    const logOf = async (org: { api: any }) => (await org.api.get('/api/v1/events?limit=1000')).body.data as any[];
    const eventsOnly = (m: { event: string }) => m.event !== 'presence';

    it('sends each new event as one message: id = its cursor, event = its type, data = the event as GET /events shows it', async () => {
      const org = await ctx.createOrg();
      await newCustomer(org, 'before@example.com');
      await logSettled(ctx);
      const stream = await openStream(url(), { token: org.token, headers: { 'accept-encoding': 'gzip, br' } });
      try {
        expect(stream.status).toBe(200);
        expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
        expect(stream.headers.get('content-encoding')).toBeNull();
        expect(stream.headers.get('x-accel-buffering')).toBe('no');
        expect(stream.headers.get('x-request-id')).toBeTruthy();
        const customer = await newCustomer(org, 'after@example.com');
        const [message] = await stream.take(1, eventsOnly);
        expect(message.event).toBe('customer.created');
        expect(message.data).not.toContain('\n');
        const data = JSON.parse(message.data);
        expect(data.data).toEqual(customer);
        await logSettled(ctx);
        const log = await logOf(org);
        expect(log.map((e) => e.type)).toEqual(['customer.created', 'customer.created']);
        expect(data).toEqual(log[1]);
        // The id is a cursor: GET /events after it has nothing more, after the one before it gives this event.
        const after = (await org.api.get(`/api/v1/events?after=${message.id}`)).body;
        expect(after.data).toEqual([]);
        expect(after.meta.next_cursor).toBe(message.id);
        // Nothing of another organization reaches it.
        const other = await ctx.createOrg();
        await newCustomer(other, 'elsewhere@example.com');
        await newCustomer(org, 'third@example.com');
        const [third] = await stream.take(1, eventsOnly);
        expect(JSON.parse(third.data).data.email).toBe('third@example.com');
      } finally {
        stream.close();
      }
    });

    it('filters by type as GET /events does, and refuses unknown types with 400', async () => {
      const org = await ctx.createOrg();
      const stream = await openStream(url('?type=customer.updated,customer.deleted'), { token: org.token });
      try {
        const c = await newCustomer(org, 'filtered@example.com');
        await org.api.patch(`/api/v1/customers/${c.id}`, { name: 'Renamed' });
        await newCustomer(org, 'skipped@example.com');
        await org.api.delete(`/api/v1/customers/${c.id}`);
        const got = await stream.take(2, eventsOnly);
        expect(got.map((m) => m.event)).toEqual(['customer.updated', 'customer.deleted']);
        await new Promise((r) => setTimeout(r, 300));
        expect(stream.messages.filter(eventsOnly)).toHaveLength(2);
      } finally {
        stream.close();
      }
      const bad = await openStream(url('?type=ticket.nope'), { token: org.token });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('validation_error');
      expect(bad.body.error.details[0].field).toBe('type');
    });

    it('starts after the after= cursor, or after Last-Event-ID (which wins)', async () => {
      const org = await ctx.createOrg();
      for (let i = 0; i < 4; i++) await newCustomer(org, `c${i}@example.com`);
      await logSettled(ctx);
      const log = await logOf(org);
      const cursorAfter = async (index: number) =>
        (await org.api.get(`/api/v1/events?limit=${index + 1}`)).body.meta.next_cursor as string;
      const fromAfter = await openStream(url(`?after=${await cursorAfter(0)}`), { token: org.token });
      const fromHeader = await openStream(url(`?after=${await cursorAfter(0)}`), {
        token: org.token,
        headers: { 'last-event-id': await cursorAfter(2) },
      });
      try {
        const a = await fromAfter.take(3, eventsOnly);
        expect(a.map((m) => JSON.parse(m.data).id)).toEqual(log.slice(1).map((e) => e.id));
        const h = await fromHeader.take(1, eventsOnly);
        expect(JSON.parse(h[0].data).id).toBe(log[3].id);
        // Both follow the log on from there.
        await newCustomer(org, 'later@example.com');
        expect(JSON.parse((await fromAfter.take(1, eventsOnly))[0].data).data.email).toBe('later@example.com');
        expect(JSON.parse((await fromHeader.take(1, eventsOnly))[0].data).data.email).toBe('later@example.com');
      } finally {
        fromAfter.close();
        fromHeader.close();
      }
    });

    it('loses and repeats nothing across reconnects that resume from the last id, under concurrent writes', async () => {
      const org = await ctx.createOrg();
      const TOTAL = 40;
      const first = await openStream(url(), { token: org.token });
      const writing = (async () => {
        for (let i = 0; i < TOTAL; i += 4) {
          await Promise.all([0, 1, 2, 3].map((k) => newCustomer(org, `w${i + k}@example.com`)));
        }
      })();
      const received: { id: string; event: string }[] = [];
      let stream: SseStream = first;
      try {
        while (received.length < TOTAL) {
          // A few messages per connection, then a reconnect from the last id.
          const got = await stream.take(Math.min(7, TOTAL - received.length), eventsOnly, 30_000);
          for (const m of got) received.push({ id: JSON.parse(m.data).id, event: m.id! });
          stream.close();
          stream = await openStream(url(), { token: org.token, headers: { 'last-event-id': received.at(-1)!.event } });
        }
        await writing;
        await logSettled(ctx);
        const log = await logOf(org);
        expect(log).toHaveLength(TOTAL);
        expect(received.map((r) => r.id)).toEqual(log.map((e) => e.id));
        await new Promise((r) => setTimeout(r, 300));
        expect(stream.messages.filter(eventsOnly)).toEqual([]);
      } finally {
        stream.close();
        first.close();
      }
    });

    it('refuses a malformed or foreign cursor with 400, and callers without a key or the events:read scope', async () => {
      const org = await ctx.createOrg();
      const other = await ctx.createOrg();
      await newCustomer(other, 'foreign@example.com');
      await logSettled(ctx);
      const foreign = (await other.api.get('/api/v1/events')).body.meta.next_cursor;
      for (const [query, headers, field] of [
        ['?after=nope', {}, 'after'],
        ['', { 'last-event-id': 'evc_garbage' }, 'Last-Event-ID'],
      ] as const) {
        const res = await openStream(url(query), { token: org.token, headers });
        expect(res.status).toBe(400);
        expect(res.body.error).toMatchObject({ code: 'validation_error', details: [{ field }] });
        expect(res.body.error.request_id).toBeTruthy();
      }
      // Another organization's cursor reveals nothing: the stream starts or is refused, never shows its events.
      const crossed = await openStream(url(`?after=${foreign}`), { token: org.token });
      const logged = (m: { event: string }) => m.event !== 'presence' && m.event !== 'reset';
      if (crossed.status === 200) {
        await new Promise((r) => setTimeout(r, 300));
        expect(crossed.messages.filter(logged)).toEqual([]);
        crossed.close();
      } else expect(crossed.status).toBe(400);
      const none = await openStream(url());
      expect(none.status).toBe(401);
      expect(none.body.error.code).toBe('unauthorized');
      const narrow = await openStream(url(), { token: await org.keyWith(['tickets:read']) });
      expect(narrow.status).toBe(403);
      expect(narrow.body.error.code).toBe('insufficient_scope');
    });

    it('sends a comment line at least every ping interval, and counts open streams in /metrics', async () => {
      const org = await ctx.createOrg();
      const stream = await openStream(url(), { token: org.token });
      try {
        await eventually(async () => stream.comments.filter((c) => c === 'ping').length >= 2, 5_000);
        const metrics = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
        expect(Number(/^helpdesk_event_streams_open (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(1);
      } finally {
        stream.close();
      }
      await eventually(async () => ctx.container.eventStream.openStreams() === 0, 5_000);
    });

    it('answers a cursor older than retention with one reset message, then goes on from now', async () => {
      const org = await ctx.createOrg();
      const now = Date.now();
      ctx.clock.set(now - 40 * DAY);
      await newCustomer(org, 'ancient@example.com');
      await newCustomer(org, 'ancient2@example.com');
      ctx.clock.set(now);
      await newCustomer(org, 'recent@example.com');
      await logSettled(ctx);
      const old = (await org.api.get('/api/v1/events?limit=1')).body.meta.next_cursor;
      const retention = createRetention({
        database: ctx.database,
        clock: ctx.clock,
        days: ctx.config.eventRetentionDays,
        eventLog: ctx.container.eventLog,
        deliveries: ctx.container.webhooks,
      });
      await retention.runOnce();
      const stream = await openStream(url(), { token: org.token, headers: { 'last-event-id': old } });
      try {
        expect(stream.status).toBe(200);
        const reset = await stream.next();
        expect(reset.event).toBe('reset');
        expect(JSON.parse(reset.data).reason).toBe('cursor_expired');
        // Its id is where the stream goes on: a reconnect from it is not reset again.
        expect((await org.api.get(`/api/v1/events?after=${reset.id}`)).body.data).toEqual([]);
        await newCustomer(org, 'new@example.com');
        const [next] = await stream.take(1, eventsOnly);
        expect(JSON.parse(next.data).data.email).toBe('new@example.com');
        expect(stream.messages.filter((m) => m.event === 'reset')).toHaveLength(1);
      } finally {
        stream.close();
      }
    });

    it('ends open streams promptly when the server closes', async () => {
      const container = createContainer({ config: ctx.config, database: ctx.database, clock: ctx.clock });
      const app = await buildApp(container);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const org = await ctx.createOrg();
      const stream = await openStream(`http://127.0.0.1:${port}/api/v1/events/stream`, { token: org.token });
      expect(stream.status).toBe(200);
      await eventually(async () => container.eventStream.openStreams() === 1, 5_000);
      const started = Date.now();
      await app.close();
      await stream.ended;
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(container.eventStream.openStreams()).toBe(0);
    });
  },
  { env: { EVENT_STREAM_PING_MS: '200' } },
);
