import { describe, expect, it } from 'vitest';
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
    expect(period('2026-03-20T00:00:00.000Z', 'America/New_York')).toEqual(['2026-03-01T05:00:00.000Z', '2026-04-01T03:59:59.999Z']);
    expect(period('2026-11-20T00:00:00.000Z', 'America/New_York')).toEqual(['2026-11-01T04:00:00.000Z', '2026-12-01T04:59:59.999Z']);
    expect(period('2026-04-01T03:59:59.999Z', 'America/New_York')[0]).toBe('2026-03-01T05:00:00.000Z');
    expect(period('2026-04-01T04:00:00.000Z', 'America/New_York')[0]).toBe('2026-04-01T04:00:00.000Z');
  });

  it('zones with quarter- and half-hour offsets and a year change ahead of UTC', () => {
    expect(period('2026-03-15T00:00:00.000Z', 'Asia/Kathmandu')).toEqual(['2026-02-28T18:15:00.000Z', '2026-03-31T18:14:59.999Z']);
    expect(period('2026-02-10T00:00:00.000Z', 'Australia/Lord_Howe')).toEqual(['2026-01-31T13:00:00.000Z', '2026-02-28T12:59:59.999Z']);
    expect(period('2026-12-31T23:00:00.000Z', 'Pacific/Kiritimati')).toEqual(['2026-12-31T10:00:00.000Z', '2027-01-31T09:59:59.999Z']);
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
});
