import { afterEach, describe, expect, it, vi } from 'vitest';
import { periodOf } from './billing-period.js';
import { USAGE_BUCKET_MS } from './plan-store.js';

const period = (at: string, tz: string) => {
  const p = periodOf(Date.parse(at), tz);
  return [new Date(p.start).toISOString(), new Date(p.end).toISOString()];
};

describe('billing period (calendar month in a time zone)', () => {
  it('UTC: first and last millisecond of the month', () => {
    expect(period('2026-03-31T23:59:59.999Z', 'UTC')).toEqual(['2026-03-01T00:00:00.000Z', '2026-03-31T23:59:59.999Z']);
    expect(period('2026-04-01T00:00:00.000Z', 'UTC')).toEqual(['2026-04-01T00:00:00.000Z', '2026-04-30T23:59:59.999Z']);
    expect(period('2028-02-29T12:00:00.000Z', 'UTC')).toEqual(['2028-02-01T00:00:00.000Z', '2028-02-29T23:59:59.999Z']);
    expect(period('2026-12-31T23:59:59.999Z', 'UTC')).toEqual(['2026-12-01T00:00:00.000Z', '2026-12-31T23:59:59.999Z']);
  });

  it('America/New_York across the DST changes of March and November', () => {
    expect(period('2026-03-20T00:00:00.000Z', 'America/New_York')).toEqual([
      '2026-03-01T05:00:00.000Z',
      '2026-04-01T03:59:59.999Z',
    ]);
    expect(period('2026-11-20T00:00:00.000Z', 'America/New_York')).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-12-01T04:59:59.999Z',
    ]);
    expect(period('2026-04-01T03:59:59.999Z', 'America/New_York')[0]).toBe('2026-03-01T05:00:00.000Z');
    expect(period('2026-04-01T04:00:00.000Z', 'America/New_York')[0]).toBe('2026-04-01T04:00:00.000Z');
  });

  it('zones with quarter- and half-hour offsets and a year change ahead of UTC', () => {
    expect(period('2026-03-15T00:00:00.000Z', 'Asia/Kathmandu')).toEqual([
      '2026-02-28T18:15:00.000Z',
      '2026-03-31T18:14:59.999Z',
    ]);
    expect(period('2026-02-10T00:00:00.000Z', 'Australia/Lord_Howe')).toEqual([
      '2026-01-31T13:00:00.000Z',
      '2026-02-28T12:59:59.999Z',
    ]);
    expect(period('2026-12-31T23:00:00.000Z', 'Pacific/Kiritimati')).toEqual([
      '2026-12-31T10:00:00.000Z',
      '2027-01-31T09:59:59.999Z',
    ]);
  });

  it('UTC: the periods Intl gives for Etc/UTC, found without Intl (its first use costs 4.8 MB resident)', () => {
    // Each month's first and last millisecond, and its middle, from 1999 to 2031 (leap years, the
    // turn of the century, December into January): a new month each time, so the memo never answers.
    const instants: number[] = [];
    for (let month = 0; month < 33 * 12; month++) {
      const start = Date.UTC(1999, month, 1);
      instants.push(start, start + 15 * 86_400_000, Date.UTC(1999, month + 1, 1) - 1);
    }
    const intl = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    const utc = instants.map((at) => periodOf(at, 'UTC'));
    expect(intl).not.toHaveBeenCalled();
    intl.mockRestore();
    expect(utc).toEqual(instants.map((at) => periodOf(at, 'Etc/UTC')));
  });

  it('period starts fall on usage-bucket boundaries in every zone', () => {
    const zones = Intl.supportedValuesOf('timeZone');
    for (const tz of zones) {
      for (const at of ['2026-01-15T00:00:00.000Z', '2026-07-15T00:00:00.000Z']) {
        const p = periodOf(Date.parse(at), tz);
        expect(p.start % USAGE_BUCKET_MS, tz).toBe(0);
        expect((p.end + 1) % USAGE_BUCKET_MS, tz).toBe(0);
      }
    }
  });

  describe('memo of the last period per zone', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('answers any instant of the cached month, first and last millisecond included, without recomputing', () => {
      const zone = 'Europe/Berlin';
      const may = periodOf(Date.parse('2026-05-15T12:00:00.000Z'), zone);
      expect(may).toEqual({
        start: Date.parse('2026-04-30T22:00:00.000Z'),
        end: Date.parse('2026-05-31T21:59:59.999Z'),
      });
      const intl = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
      for (const at of [may.start, may.start + 1, Date.parse('2026-05-20T00:00:00.000Z'), may.end - 1, may.end]) {
        expect(periodOf(at, zone)).toEqual(may);
      }
      expect(intl).not.toHaveBeenCalled();

      // Outside the cached month it computes again, on either side.
      const june = periodOf(may.end + 1, zone);
      expect(intl).toHaveBeenCalled();
      expect(june).toEqual({ start: may.end + 1, end: Date.parse('2026-06-30T21:59:59.999Z') });
      intl.mockClear();
      expect(periodOf(june.end, zone)).toEqual(june);
      expect(intl).not.toHaveBeenCalled();
      expect(periodOf(may.end, zone)).toEqual(may);
      expect(intl).toHaveBeenCalled();
      expect(periodOf(may.start - 1, zone)).toEqual({
        start: Date.parse('2026-03-31T22:00:00.000Z'),
        end: may.start - 1,
      });
    });

    it('keeps one memo per zone', () => {
      const at = Date.parse('2026-08-31T23:30:00.000Z');
      expect(periodOf(at, 'UTC')).toEqual({
        start: Date.parse('2026-08-01T00:00:00.000Z'),
        end: Date.parse('2026-08-31T23:59:59.999Z'),
      });
      expect(periodOf(at, 'Europe/Paris')).toEqual({
        start: Date.parse('2026-08-31T22:00:00.000Z'),
        end: Date.parse('2026-09-30T21:59:59.999Z'),
      });
      expect(periodOf(at, 'UTC').start).toBe(Date.parse('2026-08-01T00:00:00.000Z'));
    });

    it('hands out copies: changing an answer does not change the memo', () => {
      const zone = 'Asia/Tokyo';
      const first = periodOf(Date.parse('2026-10-10T00:00:00.000Z'), zone);
      const expected = { ...first };
      first.start = 0;
      first.end = 0;
      const again = periodOf(Date.parse('2026-10-11T00:00:00.000Z'), zone);
      expect(again).toEqual(expected);
      again.end = 1;
      expect(periodOf(Date.parse('2026-10-12T00:00:00.000Z'), zone)).toEqual(expected);
    });
  });
});
