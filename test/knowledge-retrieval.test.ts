import { beforeAll, expect, it } from 'vitest';
import { MIN_COVERAGE, retrieve } from '../src/knowledge/retrieval.js';
import { EVAL_ARTICLES } from './fixtures/kb-eval-articles.js';
import { EVAL_QUESTIONS } from './fixtures/kb-eval-questions.js';
import { describeEachDialect, type TestOrg } from './support/harness.js';

// The retrieval evaluation: the corpus published in one organization, every question retrieved as
// the assistant does. The right article must be in the top 3 for at least 90 % of the answerable
// questions, and at least 80 % of the unanswerable ones must be judged not relevant ("none").

describeEachDialect('knowledge retrieval evaluation', (ctx) => {
  let org: TestOrg;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    org = await ctx.createOrg('Eval');
    for (const a of EVAL_ARTICLES) {
      const res = await org.api.post('/api/v1/kb/articles', {
        title: a.title,
        body_markdown: a.body,
        status: 'published',
      });
      expect(res.status).toBe(201);
      ids.set(res.body.data.id, a.key);
    }
  });

  it('the corpus and questions are large enough', () => {
    expect(EVAL_ARTICLES.length).toBeGreaterThanOrEqual(30);
    expect(EVAL_QUESTIONS.length).toBeGreaterThanOrEqual(60);
    expect(EVAL_QUESTIONS.filter((q) => q.article === null).length).toBeGreaterThanOrEqual(10);
    for (const q of EVAL_QUESTIONS)
      if (q.article)
        expect(
          EVAL_ARTICLES.some((a) => a.key === q.article),
          q.q,
        ).toBe(true);
  });

  it('finds the right article in the top 3 for >= 90 % and answers none for >= 80 % of the unanswerable', async () => {
    const t = ctx.database.forOrganization(org.id);
    let hit = 0;
    let answerable = 0;
    let none = 0;
    let unanswerable = 0;
    let answeredWrongly = 0;
    const misses: string[] = [];
    for (const q of EVAL_QUESTIONS) {
      const r = await retrieve(t, q.q);
      const top3 = r.articles.slice(0, 3).map((a) => ids.get(a.article_id));
      if (process.env.KB_EVAL_REPORT) {
        console.log(
          `CONF ${r.confidence.toFixed(3)} ${q.article ? (top3.includes(q.article) ? 'OK ' : 'MISS') : 'NONE'} ${q.q}`,
        );
      }
      if (q.article) {
        answerable++;
        if (r.relevant && top3.includes(q.article)) hit++;
        else misses.push(`${q.q} -> ${top3.join(',')} (${r.confidence.toFixed(2)})`);
      } else {
        unanswerable++;
        if (!r.relevant) none++;
        else {
          answeredWrongly++;
          misses.push(`[unanswerable] ${q.q} -> ${top3[0]} (${r.confidence.toFixed(2)})`);
        }
      }
    }
    const hitRate = hit / answerable;
    const noneRate = none / unanswerable;
    if (process.env.KB_EVAL_REPORT) {
      console.log(
        `${ctx.dialect}: threshold ${MIN_COVERAGE}: top-3 ${hit}/${answerable} (${(hitRate * 100).toFixed(1)} %), ` +
          `none ${none}/${unanswerable} (${(noneRate * 100).toFixed(1)} %)\n${misses.join('\n')}`,
      );
    }
    expect(hitRate, misses.join('\n')).toBeGreaterThanOrEqual(0.9);
    expect(noneRate, misses.join('\n')).toBeGreaterThanOrEqual(0.8);
    expect(answeredWrongly).toBeLessThanOrEqual(unanswerable * 0.2);
  });
});
