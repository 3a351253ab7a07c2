import { expect, it } from 'vitest';
import { fillTermCounts } from '../src/db/migrations/20261201-0200-kb-terms.js';
import { MAX_MATCHED, planQuery } from '../src/knowledge/retrieval.js';
import { storedStems } from '../src/knowledge/stems.js';
import { describeEachDialect, type TestContext, type TestOrg } from './support/harness.js';

// Retrieval's term counts (kb_terms) follow every publish, edit, unpublish and delete, the migration
// that adds them fills them the same way from passages already published, and a question's common
// words are left out of the engine's query once its words would match too many passages.

/** The organization's counts as stored, and as recomputed from its passages' stems. */
async function counts(ctx: TestContext, org: TestOrg) {
  const db = ctx.database.db;
  const stored = await db
    .selectFrom('kb_terms')
    .select(['stem', 'passages'])
    .where('organization_id', '=', org.id)
    .where('passages', '>', 0)
    .execute();
  const passages = await db.selectFrom('kb_passages').select('stems').where('organization_id', '=', org.id).execute();
  const expected = new Map<string, number>(passages.length > 0 ? [['', passages.length]] : []);
  for (const p of passages) for (const s of storedStems(p.stems)) expected.set(s, (expected.get(s) ?? 0) + 1);
  return {
    stored: Object.fromEntries(stored.map((r) => [r.stem, Number(r.passages)]).sort()),
    expected: Object.fromEntries([...expected].sort()),
  };
}

describeEachDialect('knowledge term counts', (ctx) => {
  it('follow publishing, editing, unpublishing and deleting, and the migration fills the same', async () => {
    const org = await ctx.createOrg('Terms');
    const other = await ctx.createOrg('Other terms');
    const body = (w: string) =>
      `Intro about ${w}.\n\n## Refunds\n\nRefunds for ${w} take days.\n\n## Exports\n\nExport it.`;
    const a = (
      await org.api.post('/api/v1/kb/articles', { title: 'Billing', body_markdown: body('cards'), status: 'published' })
    ).body.data;
    const b = (
      await org.api.post('/api/v1/kb/articles', {
        title: 'Invoices',
        body_markdown: body('invoices'),
        status: 'published',
      })
    ).body.data;
    await other.api.post('/api/v1/kb/articles', {
      title: 'Elsewhere',
      body_markdown: body('zebras'),
      status: 'published',
    });
    const draft = await org.api.post('/api/v1/kb/articles', { title: 'Draft', body_markdown: 'Unpublished words' });
    let c = await counts(ctx, org);
    expect(c.stored).toEqual(c.expected);
    expect(c.stored['']).toBe(6);
    expect(c.stored.invoic).toBe(3);
    expect(c.stored.zebra).toBeUndefined();
    expect(c.stored.unpublish).toBeUndefined();

    expect(
      (await org.api.patch(`/api/v1/kb/articles/${a.id}`, { body_markdown: 'Only one section on cards.' })).status,
    ).toBe(200);
    expect((await org.api.patch(`/api/v1/kb/articles/${b.id}`, { status: 'draft' })).status).toBe(200);
    c = await counts(ctx, org);
    expect(c.stored).toEqual(c.expected);
    expect(c.stored['']).toBe(1);
    expect(c.stored.invoic).toBeUndefined();

    expect((await org.api.patch(`/api/v1/kb/articles/${draft.body.data.id}`, { status: 'published' })).status).toBe(
      200,
    );
    expect((await org.api.delete(`/api/v1/kb/articles/${a.id}`)).status).toBe(200);
    c = await counts(ctx, org);
    expect(c.stored).toEqual(c.expected);
    expect(c.stored['']).toBe(1);
    expect(c.stored.card).toBeUndefined();
    expect(c.stored.unpublish).toBe(1);

    // The migration's fill, from the passages' text alone, gives the same stems and counts.
    const db = ctx.database.db;
    const before = await db.selectFrom('kb_passages').select(['rid', 'stems']).orderBy('rid').execute();
    const beforeOther = await counts(ctx, other);
    await db.updateTable('kb_passages').set({ stems: '' }).execute();
    await db.deleteFrom('kb_terms').execute();
    await fillTermCounts(db);
    expect(await db.selectFrom('kb_passages').select(['rid', 'stems']).orderBy('rid').execute()).toEqual(before);
    expect(await counts(ctx, org)).toEqual(c);
    expect(await counts(ctx, other)).toEqual(beforeOther);
  });
});

it('leaves the most common words out of the engine query once they would match too many passages', () => {
  const counts = (entries: Record<string, number>) => ({ total: 40_000, passages: new Map(Object.entries(entries)) });
  // Few matches: every word, as always.
  expect(planQuery(['refund', 'card'], counts({ refund: 10, card: 20 }))).toEqual({
    words: ['refund', 'card'],
    match: 'any',
    capped: false,
  });
  // A common word would make the engine rank most passages: the rarer words only (unknown words cost nothing).
  expect(planQuery(['account', 'refund', 'zyx', 'card'], counts({ account: 30_000, refund: 300, card: 600 }))).toEqual({
    words: ['zyx', 'refund', 'card'],
    match: 'any',
    capped: true,
  });
  expect(planQuery(['account', 'refund', 'card'], counts({ account: 30_000, refund: 300, card: MAX_MATCHED }))).toEqual(
    {
      words: ['refund'],
      match: 'any',
      capped: true,
    },
  );
  // Every word common: the passages holding all of them, when that is likely few; else in their titles.
  expect(planQuery(['account', 'export'], counts({ account: 8_000, export: 4_000 }))).toEqual({
    words: ['export', 'account'],
    match: 'all',
    capped: true,
  });
  expect(planQuery(['account', 'export'], counts({ account: 30_000, export: 5_000 }))).toEqual({
    words: ['export', 'account'],
    match: 'title',
    capped: true,
  });
  // Words are counted by stem.
  expect(planQuery(['exports', 'account'], counts({ account: 30_000, export: 5_000 })).words).toEqual([
    'exports',
    'account',
  ]);
});
