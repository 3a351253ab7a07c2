import { beforeAll, expect, it } from 'vitest';
import { planQuery, questionTerms, retrieve } from '../src/knowledge/retrieval.js';
import { stemOf } from '../src/knowledge/stems.js';
import { termCounts } from '../src/knowledge/term-store.js';
import { describeEachDialect, type TestOrg } from './support/harness.js';

// Retrieval on a knowledge base large enough that a question's common words match more passages than
// the engine is asked to rank (MAX_MATCHED): 150 articles of 16 sections each. "account" and
// "password" share 11 of every 16 sections; "invoice" and "refund" never share one. Each path of the
// capped plan must still find the one article that answers.

const SECTIONS = 16;
const FILLERS = 150;

function fillerBody(n: number): string {
  const parts: string[] = [];
  for (let s = 0; s < SECTIONS; s++) {
    const words = [`Section ${s} of topic ${n} covers shipping boxes and labels.`];
    if (s <= 10) words.push('Your account password is kept safe.');
    words.push(s < 8 ? 'Every invoice lists the items.' : 'A refund goes back to the card.');
    parts.push(`## Part ${s}\n\n${words.join(' ')}`);
  }
  return parts.join('\n\n');
}

describeEachDialect('knowledge retrieval beyond the matched-passage cap', (ctx) => {
  let org: TestOrg;

  async function publish(title: string, body: string): Promise<string> {
    const res = await org.api.post('/api/v1/kb/articles', { title, body_markdown: body, status: 'published' });
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  const plan = async (question: string) => {
    const terms = questionTerms(question);
    const counts = await termCounts(ctx.database.forOrganization(org.id), [...new Set(terms.map(stemOf))]);
    return planQuery(terms, counts);
  };

  let reset: string;
  let zephyr: string;
  let moneyBack: string;

  beforeAll(async () => {
    org = await ctx.createOrg('Capped');
    for (let n = 0; n < FILLERS; n++) await publish(`Filler topic ${n}`, fillerBody(n));
    reset = await publish('Account password reset', '## Steps\n\nChoose a new one from the sign-in page.');
    zephyr = await publish('Zephyrcode pairing', '## Pairing\n\nEnter the zephyrcode shown on the account screen.');
    moneyBack = await publish('Money back', '## When\n\nAn invoice refund is issued within five days.');
  }, 180_000);

  it('a rare word among common ones: only the rare word is matched, and its article comes first', async () => {
    const p = await plan('account password zephyrcode');
    expect(p).toMatchObject({ words: ['zephyrcode'], match: 'any', capped: true });
    const r = await retrieve(ctx.database.forOrganization(org.id), 'account password zephyrcode');
    expect(r.articles[0]?.article_id).toBe(zephyr);
    expect(r.relevant).toBe(true);
  });

  it('common words that are mostly together: the titles holding all of them', async () => {
    const p = await plan('account password');
    expect(p).toMatchObject({ match: 'title', capped: true });
    expect([...p.words].sort()).toEqual(['account', 'password']);
    const r = await retrieve(ctx.database.forOrganization(org.id), 'account password');
    expect(r.articles[0]?.article_id).toBe(reset);
  });

  it('common words that are rarely together: the passages holding all of them', async () => {
    const p = await plan('invoice refund');
    expect(p).toMatchObject({ match: 'all', capped: true });
    const r = await retrieve(ctx.database.forOrganization(org.id), 'invoice refund');
    expect(r.articles[0]?.article_id).toBe(moneyBack);
    expect(r.articles[0]?.passages[0]?.content ?? '').toContain('invoice refund');
  });

  it('a question the cap does not touch is matched on every word', async () => {
    const p = await plan('zephyrcode pairing');
    expect(p).toEqual({ words: ['zephyrcode', 'pairing'], match: 'any', capped: false });
  });
});
