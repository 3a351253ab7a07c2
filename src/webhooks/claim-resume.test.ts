import { describe, expect, it } from 'vitest';
import { ClaimResumePoint, resumeAfter } from './claim-resume.js';

const row = (organization_id: string, next_attempt_at: number) => ({ organization_id, next_attempt_at });

describe('claim resume point', () => {
  it('resumes in the organization the claim ended with, at the latest due time claimed there', () => {
    expect(resumeAfter([row('a', 5), row('a', 9), row('b', 30), row('b', 7), row('b', 12)])).toEqual({
      organizationId: 'b',
      from: 30,
    });
    // Another organization's later rows do not move the point.
    expect(resumeAfter([row('b', 4), row('a', 50), row('b', 6)])).toEqual({ organizationId: 'b', from: 6 });
    expect(resumeAfter([row('a', 3)])).toEqual({ organizationId: 'a', from: 3 });
  });

  it('an empty claim leaves no point', () => {
    expect(resumeAfter([])).toBeNull();
  });

  it('the first claim reads from the start; after a full one the next resumes after it', () => {
    const p = new ClaimResumePoint(1000);
    expect(p.next(0)).toBeNull();
    p.claimed([row('a', 10), row('a', 20)], 2);
    expect(p.next(10)).toEqual({ organizationId: 'a', from: 20 });
    p.claimed([row('a', 20), row('a', 25), row('a', 40)], 3);
    expect(p.next(20)).toEqual({ organizationId: 'a', from: 40 });
  });

  it('after a claim that did not fill its capacity, the next reads from the start', () => {
    const p = new ClaimResumePoint(1000);
    p.next(0);
    p.claimed([row('a', 10), row('a', 20)], 3);
    expect(p.next(5)).toBeNull();
    p.claimed([], 3);
    expect(p.next(6)).toBeNull();
  });

  it('reads from the start again once the interval has passed since the last read from the start, however full the claims', () => {
    const p = new ClaimResumePoint(1000);
    expect(p.next(100)).toBeNull();
    p.claimed([row('a', 1)], 1);
    expect(p.next(1099)).toEqual({ organizationId: 'a', from: 1 });
    p.claimed([row('a', 2)], 1);
    // 1,000 ms after the read from the start at 100, not after the last claim.
    expect(p.next(1100)).toBeNull();
    p.claimed([row('a', 3)], 1);
    expect(p.next(1101)).toEqual({ organizationId: 'a', from: 3 });
    p.claimed([row('a', 4)], 1);
    expect(p.next(2099)).toEqual({ organizationId: 'a', from: 4 });
    p.claimed([row('a', 5)], 1);
    expect(p.next(2100)).toBeNull();
  });

  it('the interval counts from the latest read from the start, whatever made it one', () => {
    const p = new ClaimResumePoint(1000);
    expect(p.next(100)).toBeNull();
    p.claimed([row('a', 1)], 1);
    expect(p.next(500)).toEqual({ organizationId: 'a', from: 1 });
    p.claimed([row('a', 2)], 2); // not full: the next claim, at 900, reads from the start
    expect(p.next(900)).toBeNull();
    p.claimed([row('a', 3)], 1);
    expect(p.next(1500)).toEqual({ organizationId: 'a', from: 3 });
    p.claimed([row('a', 4)], 1);
    expect(p.next(1900)).toBeNull();
  });
});
