import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { statementsTemplate, statementTemplate } from './statement-template.js';

const compiled = (parameters: unknown[]): CompiledQuery => ({
  ...CompiledQuery.raw('update t set a = $1 where o = $2 and b <= $3 and c = $4 and d <= $5', []),
  parameters,
});

describe('statementTemplate', () => {
  it("binds each value at its sentinel's positions, every one of them, and keeps the constants", () => {
    const template = statementTemplate(compiled([-2, 'org-s', -1, 'off', -1]), { now: -1, lease: -2, org: 'org-s' });
    const bound = template.bind({ now: 500, lease: 900, org: 'org-a' });
    expect(bound.parameters).toEqual([900, 'org-a', 500, 'off', 500]);
    expect(bound.sql).toBe('update t set a = $1 where o = $2 and b <= $3 and c = $4 and d <= $5');
  });

  it('keeps the compiled statement apart from its bindings (the sentinels stay for the next call)', () => {
    const source = compiled([-1, 'k']);
    const template = statementTemplate(source, { now: -1 });
    expect(template.bind({ now: 1 }).parameters).toEqual([1, 'k']);
    expect(template.bind({ now: 2 }).parameters).toEqual([2, 'k']);
    expect(source.parameters).toEqual([-1, 'k']);
    expect(template.bind({ now: 3 }).query).toBe(source.query);
  });

  it('refuses two names with the same sentinel', () => {
    expect(() => statementTemplate(compiled([-1, -1]), { now: -1, then: -1 })).toThrow(
      'statement template: then and now have the same sentinel',
    );
  });

  it('refuses a sentinel that is not among the parameters', () => {
    expect(() => statementTemplate(compiled([-1, 'x']), { now: -1, limit: -3 })).toThrow(
      'statement template: limit is not a parameter of the statement',
    );
  });

  it('binds nothing in a statement without sentinels', () => {
    expect(statementTemplate(compiled(['a', 2]), {}).bind({}).parameters).toEqual(['a', 2]);
  });

  it('tells an array sentinel by identity: an equal array among the constants stays', () => {
    const ids = ['x'];
    const template = statementTemplate(compiled([ids, ['x'], 'k']), { ids });
    const bound = template.bind({ ids: ['a', 'b'] }).parameters;
    expect(bound).toEqual([['a', 'b'], ['x'], 'k']);
  });
});

describe('statementsTemplate', () => {
  it('binds each statement at its own sentinels, with one set of values', () => {
    const template = statementsTemplate([compiled([-1, 'org-s']), compiled(['org-s', -2, 'c'])], {
      now: -1,
      lease: -2,
      org: 'org-s',
    });
    expect(template.bind({ now: 5, lease: 9, org: 'org-a' }).map((c) => c.parameters)).toEqual([
      [5, 'org-a'],
      ['org-a', 9, 'c'],
    ]);
  });

  it('refuses a sentinel that is a parameter of none of the statements', () => {
    expect(() => statementsTemplate([compiled([-1]), compiled([-2])], { now: -1, lease: -2, limit: -3 })).toThrow(
      'statement template: limit is not a parameter of any of the statements',
    );
  });

  it('refuses two names with the same sentinel', () => {
    expect(() => statementsTemplate([compiled([-1]), compiled([-1])], { now: -1, then: -1 })).toThrow(
      'statement template: then and now have the same sentinel',
    );
  });
});
