import { expect, it } from 'vitest';
import { describeEachDialect, UUID } from './support/harness.js';
import { createWidget, identityToken, visitor } from './support/widget-visitors.js';

// The assistant in the chat widget: with published articles the session says it answers first, and
// POST /widget/v1/assistant answers as the help center's assistant does (extractive, cited, with the
// help center's article URLs); the hand-off opens a WIDGET_AI ticket with the transcript that becomes
// the visitor's conversation. Conversations are the visitor session's own; without articles: 409.

const HOSTILE = 'I forgot my password, what now? <script>alert(1)</script>';

describeEachDialect('chat widget assistant', (ctx) => {
  let n = 0;
  const address = () => `203.0.113.${++n}`;

  async function setup(options: { publish?: boolean; identity?: string } = {}) {
    const org = await ctx.createOrg('Widget assist');
    const slug = `wa-${Date.now().toString(36)}-${++n}`;
    await org.api.patch('/api/v1/organization', { slug });
    const article =
      options.publish === false
        ? null
        : (
            await org.api.post('/api/v1/kb/articles', {
              title: 'Reset your password',
              body_markdown: 'If you forgot your password, choose **Forgot password** on the sign-in page.',
              status: 'published',
            })
          ).body.data;
    const widget = await createWidget(org, { identity: options.identity ?? 'optional' });
    return { org, slug, article, widget };
  }

  it('answers with cited article links, continues the conversation, and hands off to a WIDGET_AI ticket with the transcript', async () => {
    const { org, slug, article, widget } = await setup();
    const v = visitor(ctx.app, widget.key, { address: address() });
    const session = await v.open();
    expect(session.body.data.assistant).toBe(true);

    const asked = await v.request('POST', '/assistant', { message: HOSTILE });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const { conversation_id, answer } = asked.body.data;
    expect(conversation_id).toMatch(UUID);
    expect(answer).toMatchObject({ mode: 'extractive', id: expect.stringMatching(UUID) });
    expect(answer.text).toContain('Forgot password');
    expect(answer.citations).toEqual([
      {
        article_id: article.id,
        title: 'Reset your password',
        url: `${ctx.config.publicUrl.replace(/\/$/, '')}/help/${slug}/articles/${article.slug}`,
      },
    ]);
    const again = await v.request('POST', '/assistant', { message: 'and if the link expired?', conversation_id });
    expect(again.status).toBe(200);
    expect(again.body.data.conversation_id).toBe(conversation_id);

    // Another visitor (of the same widget) can neither continue it nor hand it off.
    const other = visitor(ctx.app, widget.key, { address: address() });
    await other.open();
    expect((await other.request('POST', '/assistant', { message: 'hi', conversation_id })).status).toBe(404);
    expect(
      (await other.request('POST', `/assistant/${conversation_id}/handoff`, { email: 'o@example.com' })).status,
    ).toBe(404);

    const noEmail = await v.request('POST', `/assistant/${conversation_id}/handoff`, {});
    expect(noEmail.status).toBe(400);
    const handed = await v.request('POST', `/assistant/${conversation_id}/handoff`, {
      email: 'vera@visitor.example',
      name: 'Vera',
    });
    expect(handed.status, JSON.stringify(handed.body)).toBe(201);
    const conversation = handed.body.data;
    expect(conversation.messages.map((m: any) => [m.type, m.author.type])).toEqual([
      ['INBOUND', 'customer'],
      ['OUTBOUND', 'agent'],
      ['INBOUND', 'customer'],
      ['OUTBOUND', 'agent'],
    ]);
    const ticket = (await org.api.get(`/api/v1/tickets/${conversation.id}`)).body.data;
    expect(ticket).toMatchObject({ channel: 'WIDGET_AI', customer: { email: 'vera@visitor.example', name: 'Vera' } });
    expect(ticket.messages[0].content).toBe(HOSTILE);
    expect(ticket.messages[1].content).toContain('Forgot password');
    expect(ticket.messages[1].content).toContain(`/help/${slug}/articles/${article.slug}`);
    expect(ticket.messages[2].content).toBe('and if the link expired?');
    // The ticket is the visitor's conversation from now on, in the same transaction as the ticket.
    const link = await ctx.database.db
      .selectFrom('widget_conversations')
      .selectAll()
      .where('organization_id', '=', org.id)
      .where('ticket_id', '=', conversation.id)
      .executeTakeFirst();
    expect(link).toMatchObject({ widget_id: widget.id, identified: 0 });
    expect((await v.request('GET', '/conversations')).body.data.map((c: any) => c.id)).toEqual([conversation.id]);
    // A second hand-off gives the same ticket.
    const twice = await v.request('POST', `/assistant/${conversation_id}/handoff`, { email: 'vera@visitor.example' });
    expect(twice.status).toBe(201);
    expect(twice.body.data.id).toBe(conversation.id);
    const list = await org.api.get('/api/v1/tickets?limit=100');
    expect(list.body.data.filter((t: any) => t.channel === 'WIDGET_AI')).toHaveLength(1);
  });

  it('an identified visitor hands off as their site user, with no email asked', async () => {
    const { org, widget } = await setup({ identity: 'required' });
    const v = visitor(ctx.app, widget.key, { address: address() });
    const jwt = await identityToken(widget.identity_secret, { sub: 'user-42', email: 'ida@site.example', name: 'Ida' });
    expect((await v.open(jwt)).status).toBe(201);
    const asked = await v.request('POST', '/assistant', { message: 'forgot password' });
    const handed = await v.request('POST', `/assistant/${asked.body.data.conversation_id}/handoff`, {
      email: 'someone-else@example.com',
    });
    expect(handed.status).toBe(201);
    const ticket = (await org.api.get(`/api/v1/tickets/${handed.body.data.id}`)).body.data;
    expect(ticket.customer).toMatchObject({ email: 'ida@site.example', external_user_id: 'user-42' });
  });

  it('is unavailable without published articles (409), and refuses ids of other organizations', async () => {
    const { widget } = await setup({ publish: false });
    const v = visitor(ctx.app, widget.key, { address: address() });
    expect((await v.open()).body.data.assistant).toBe(false);
    const refused = await v.request('POST', '/assistant', { message: 'hello' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('conflict');

    const other = await setup();
    const w = visitor(ctx.app, other.widget.key, { address: address() });
    await w.open();
    const asked = await w.request('POST', '/assistant', { message: 'password' });
    const elsewhere = await setup();
    const x = visitor(ctx.app, elsewhere.widget.key, { address: address() });
    await x.open();
    const foreign = await x.request('POST', '/assistant', {
      message: 'password',
      conversation_id: asked.body.data.conversation_id,
    });
    expect(foreign.status).toBe(404);
    expect((await x.request('POST', '/assistant', { message: 'x'.repeat(2_001) })).status).toBe(400);
    expect((await x.request('POST', '/assistant/not-a-uuid/handoff', { email: 'a@b.example' })).status).toBe(404);
  });
});
