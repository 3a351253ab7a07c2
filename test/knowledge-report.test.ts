import { expect, it } from 'vitest';
import { describeEachDialect, ISO_MS, UUID } from './support/harness.js';

// The assistant's report (GET /api/v1/kb/assistant-report): conversations by outcome (answered from
// the articles, handed off, abandoned) and the deflection rate, answers by mode, feedback, the latest
// answers with their questions and the unanswered questions; the period; kb:read; other organizations'
// conversations never counted.

const DAY = 86_400_000;

describeEachDialect('knowledge base assistant report', (ctx) => {
  let n = 0;
  const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload });

  async function setup() {
    const org = await ctx.createOrg('Report');
    const slug = `report-${Date.now().toString(36)}-${++n}`;
    await org.api.patch('/api/v1/organization', { slug });
    await org.api.post('/api/v1/kb/articles', {
      title: 'Reset your password',
      body_markdown: 'If you forgot your password, choose **Forgot password** on the sign-in page.',
      status: 'published',
    });
    const chat = `/help/${slug}/api/chat`;
    const ask = async (message: string, conversation_id?: string) => {
      const res = await post(chat, conversation_id ? { message, conversation_id } : { message });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { conversation_id: string; answer: { id: string; mode: string } };
    };
    const feedback = (conversation: string, answer_id: string, helpful: boolean) =>
      post(`${chat}/${conversation}/feedback`, { answer_id, helpful });
    const handoff = (conversation: string) => post(`${chat}/${conversation}/handoff`, { email: 'c@example.com' });
    const report = async (query = '') => {
      const res = await org.api.get(`/api/v1/kb/assistant-report${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    return { org, ask, feedback, handoff, report };
  }

  it('is all zeros, with no deflection rate, before any conversation', async () => {
    const { report } = await setup();
    const data = await report();
    expect(data.conversations).toEqual({ total: 0, answered: 0, handed_off: 0, abandoned: 0, deflection_rate: null });
    expect(data.answers).toEqual({ total: 0, generated: 0, extractive: 0, none: 0 });
    expect(data.feedback).toEqual({ helpful: 0, not_helpful: 0 });
    expect(data.unanswered).toEqual([]);
    expect(data.recent_answers).toEqual([]);
    expect(data.from).toMatch(ISO_MS);
    expect(Date.parse(data.to) - Date.parse(data.from)).toBe(30 * DAY);
  });

  it('counts outcomes, modes and feedback, and lists answers with the question each answered', async () => {
    const { ask, feedback, handoff, report } = await setup();
    // Answered from the articles, and found helpful.
    const answered = await ask('I forgot my password');
    expect(answered.answer.mode).toBe('extractive');
    expect((await feedback(answered.conversation_id, answered.answer.id, true)).statusCode).toBe(200);
    // Nothing found, then handed to a person.
    const handed = await ask('Can I pay with <b>gold bars</b>?');
    expect(handed.answer.mode).toBe('none');
    expect((await handoff(handed.conversation_id)).statusCode).toBe(201);
    // Nothing found, not helpful, and the customer left.
    const left = await ask('What is the weather in Paris tomorrow?');
    expect((await feedback(left.conversation_id, left.answer.id, false)).statusCode).toBe(200);
    // Nothing found first, then an answer from the articles in the same conversation.
    const second = await ask('Where is the moon?');
    const later = await ask('How do I reset my forgotten password?', second.conversation_id);
    expect(later.answer.mode).toBe('extractive');

    const data = await report();
    expect(data.conversations).toEqual({ total: 4, answered: 2, handed_off: 1, abandoned: 1, deflection_rate: 0.5 });
    expect(data.answers).toEqual({ total: 5, generated: 0, extractive: 2, none: 3 });
    expect(data.feedback).toEqual({ helpful: 1, not_helpful: 1 });
    expect(data.recent_answers.map((a: any) => [a.question, a.mode, a.helpful])).toEqual([
      ['How do I reset my forgotten password?', 'extractive', null],
      ['Where is the moon?', 'none', null],
      ['What is the weather in Paris tomorrow?', 'none', false],
      ['Can I pay with <b>gold bars</b>?', 'none', null],
      ['I forgot my password', 'extractive', true],
    ]);
    expect(data.recent_answers[0]).toMatchObject({
      id: later.answer.id,
      conversation_id: second.conversation_id,
      created_at: expect.stringMatching(ISO_MS),
    });
    expect(data.unanswered.map((q: any) => q.question)).toEqual([
      'Where is the moon?',
      'What is the weather in Paris tomorrow?',
      'Can I pay with <b>gold bars</b>?',
    ]);
    expect(data.unanswered[2]).toEqual({
      answer_id: handed.answer.id,
      conversation_id: handed.conversation_id,
      question: 'Can I pay with <b>gold bars</b>?',
      asked_at: expect.stringMatching(ISO_MS),
    });
  });

  it('covers the last `days` days only', async () => {
    const { ask, report } = await setup();
    ctx.clock.set(Date.now() - 40 * DAY);
    const old = await ask('What is the weather in Paris tomorrow?');
    ctx.clock.set(null);
    await ask('I forgot my password');
    const month = await report();
    expect(month.conversations.total).toBe(1);
    expect(month.answers).toMatchObject({ total: 1, extractive: 1, none: 0 });
    expect(month.unanswered).toEqual([]);
    const quarter = await report('?days=60');
    expect(quarter.conversations).toMatchObject({ total: 2, answered: 1, abandoned: 1 });
    expect(quarter.unanswered.map((q: any) => q.conversation_id)).toEqual([old.conversation_id]);
    expect(Date.parse(quarter.to) - Date.parse(quarter.from)).toBe(60 * DAY);
  });

  it("counts only the caller's organization, needs kb:read, and validates the period", async () => {
    const a = await setup();
    const b = await setup();
    const mine = await a.ask('I forgot my password');
    await a.ask('What is the weather in Paris tomorrow?');
    await b.ask('What is the weather in Paris tomorrow?');
    const data = await a.report();
    expect(data.conversations.total).toBe(2);
    expect(data.recent_answers.every((x: any) => x.conversation_id.match(UUID))).toBe(true);
    expect((await b.report()).conversations).toMatchObject({ total: 1, abandoned: 1 });
    expect((await b.report()).recent_answers.map((x: any) => x.id)).not.toContain(mine.answer.id);

    const reader = await a.org.keyWith(['kb:read']);
    const asReader = await ctx.app.inject({
      url: '/api/v1/kb/assistant-report',
      headers: { authorization: `Bearer ${reader}` },
    });
    expect(asReader.statusCode).toBe(200);
    expect(asReader.json().data.conversations.total).toBe(2);
    const ticketsOnly = await a.org.keyWith(['tickets:read']);
    const refused = await ctx.app.inject({
      url: '/api/v1/kb/assistant-report',
      headers: { authorization: `Bearer ${ticketsOnly}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('insufficient_scope');
    for (const days of ['0', '367', 'month', '-1']) {
      const bad = await a.org.api.get(`/api/v1/kb/assistant-report?days=${days}`);
      expect(bad.status, days).toBe(400);
      expect(bad.body.error.code).toBe('validation_error');
    }
  });
});
