import { describe, expect, it } from 'vitest';
import { withinBudget } from './claim-budget.js';

const kept = (size: number | string) => ({ size, raw_key: null });
const file = (size: number) => ({ size, raw_key: `mail/o/${size}.eml` });

describe('withinBudget', () => {
  it('takes the oldest messages while their bytes add up to the budget, the one that reaches it included', () => {
    const due = [kept(400), kept(300), kept(300), kept(1)];
    expect(withinBudget(due, 1_000)).toEqual(due.slice(0, 3));
    expect(withinBudget(due, 999)).toEqual(due.slice(0, 2));
    expect(withinBudget(due, 700)).toEqual(due.slice(0, 2));
    expect(withinBudget(due, 2_000)).toEqual(due);
  });

  it('always takes the first message, however large, and nothing from an empty queue', () => {
    expect(withinBudget([kept(5_000), kept(1)], 1_000)).toEqual([kept(5_000)]);
    expect(withinBudget([], 1_000)).toEqual([]);
  });

  it('counts nothing for a message kept as a file, and reads sizes the driver returns as text', () => {
    const due = [file(10_000_000), kept('600'), file(20_000_000), kept('400'), kept(1)];
    expect(withinBudget(due, 1_000)).toEqual(due.slice(0, 4));
    expect(withinBudget(due, 999)).toEqual(due.slice(0, 3));
  });
});
