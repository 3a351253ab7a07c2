import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/harness.js';
import { openStream } from './support/sse.js';
import { seedUser } from './support/ticket-fixtures.js';
import { createWidget, SHOP, visitor } from './support/widget-visitors.js';

// GET /widget/v1/stream over a real connection: a visitor hears the agent's replies and status changes
// of their own conversations only (a new one included), without staff emails or presence details, and
// a reconnect with Last-Event-ID resumes without loss or repeat.

describeEachDialect('chat widget visitor stream', (ctx) => {
  let base = '';
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => {
    ctx.app.server.closeAllConnections();
  });

  async function setup() {
    const org = await ctx.createOrg();
    const widget = await createWidget(org, { identity: 'off' });
    const agent = await seedUser(ctx, org.id, { name: 'Ada Agent' });
    const v = visitor(ctx.app, widget.key, { address: `192.0.2.${Math.floor(Math.random() * 250) + 1}` });
    await v.open();
    const reply = (ticketId: string, content: string) =>
      org.api.post(`/api/v1/tickets/${ticketId}/messages`, { content, user_id: agent.id });
    const stream = (headers: Record<string, string> = {}) =>
      openStream(`${base}/widget/v1/stream?key=${widget.key}&token=${v.token}`, {
        headers: { origin: SHOP, ...headers },
      });
    return { org, widget, agent, v, reply, stream };
  }

  it("carries replies and status changes of the visitor's own conversations, as a visitor may see them", async () => {
    const { org, widget, agent, v, reply, stream } = await setup();
    const mine = (await v.request('POST', '/conversations', { message: 'Hi', email: 'v@example.com' })).body.data;
    const other = visitor(ctx.app, widget.key, { address: '192.0.2.251' });
    await other.open();
    const theirs = (await other.request('POST', '/conversations', { message: 'Yo', email: 'o@example.com' })).body.data;
    const s = await stream();
    try {
      expect(s.status).toBe(200);
      expect(s.headers.get('access-control-allow-origin')).toBe(SHOP);
      await reply(theirs.id, 'not for you');
      await org.api.post(`/api/v1/tickets/${mine.id}/presence`, { state: 'typing', user_id: agent.id });
      await reply(mine.id, '<img src=x onerror=alert(1)>');
      await org.api.patch(`/api/v1/tickets/${mine.id}`, { status: 'PENDING' });
      // A conversation opened while the stream is open is the visitor's too.
      const later = (await v.request('POST', '/conversations', { message: 'Another' })).body.data;
      await reply(later.id, 'Answer to another');
      const got = await s.take(4);
      expect(got.map((m) => m.event)).toEqual(['presence', 'message.created', 'ticket.updated', 'message.created']);
      expect(JSON.parse(got[0].data)).toMatchObject({
        ticket_id: mine.id,
        agent: { name: 'Ada Agent' },
        state: 'typing',
      });
      expect(JSON.parse(got[1].data)).toMatchObject({
        ticket_id: mine.id,
        content: '<img src=x onerror=alert(1)>',
        type: 'OUTBOUND',
        author: { type: 'agent', name: 'Ada Agent' },
      });
      expect(JSON.parse(got[2].data)).toMatchObject({ id: mine.id, status: 'PENDING' });
      expect(JSON.parse(got[3].data)).toMatchObject({ ticket_id: later.id, content: 'Answer to another' });
      const all = s.messages.map((m) => m.data).join('\n');
      expect(all).not.toContain(agent.email);
      expect(all).not.toContain('not for you');
      expect(all).not.toContain('v@example.com');
    } finally {
      s.close();
    }
  });

  it('resumes with Last-Event-ID without loss or repeat', async () => {
    const { v, reply, stream } = await setup();
    const convo = (await v.request('POST', '/conversations', { message: 'Hi', email: 'r@example.com' })).body.data;
    const first = await stream();
    await reply(convo.id, 'one');
    await reply(convo.id, 'two');
    const [one, two] = await first.take(2);
    expect([one, two].map((m) => JSON.parse(m.data).content)).toEqual(['one', 'two']);
    first.close();
    // Written while the visitor was away, with the visitor's own messages in between.
    await reply(convo.id, 'three');
    await v.request('POST', `/conversations/${convo.id}/messages`, { content: 'mine' });
    await reply(convo.id, 'four');
    const second = await stream({ 'last-event-id': two.id! });
    try {
      const got = await second.take(3);
      expect(got.map((m) => JSON.parse(m.data).content)).toEqual(['three', 'mine', 'four']);
      await reply(convo.id, 'five');
      const [five] = await second.take(1);
      expect(JSON.parse(five.data).content).toBe('five');
      expect(second.messages.filter((m) => m.event === 'message.created')).toHaveLength(4);
    } finally {
      second.close();
    }
    // A cursor of another organization is refused before the stream starts.
    const other = await setup();
    const refused = await openStream(`${base}/widget/v1/stream?key=${other.widget.key}&token=${other.v.token}`, {
      headers: { origin: SHOP, 'last-event-id': two.id! },
    });
    expect(refused.status).toBe(400);
    refused.close();
  });
  it("tells the organization's staff streams that the visitor is typing, and never echoes it to visitors", async () => {
    const { org, v, stream } = await setup();
    const convo = (await v.request('POST', '/conversations', { message: 'Hi', email: 't@example.com', name: 'Tess' }))
      .body.data;
    const staff = await openStream(`${base}/api/v1/events/stream`, { token: org.token });
    const mine = await stream();
    try {
      const typing = await v.request('POST', `/conversations/${convo.id}/typing`);
      expect(typing.status).toBe(204);
      const [seen] = await staff.take(1, (m) => m.event === 'presence');
      expect(JSON.parse(seen.data)).toMatchObject({
        ticket_id: convo.id,
        user: { name: 'Tess (visitor)' },
        visitor: true,
        state: 'typing',
      });
      // Another visitor's conversation: 404, nothing sent.
      const stranger = visitor(ctx.app, (await createWidget(org)).key, { address: '192.0.2.252' });
      await stranger.open();
      expect((await stranger.request('POST', `/conversations/${convo.id}/typing`)).status).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mine.messages.filter((m) => m.event === 'presence')).toEqual([]);
    } finally {
      staff.close();
      mine.close();
    }
  });
});
