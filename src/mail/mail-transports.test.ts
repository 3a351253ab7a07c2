import { describe, expect, it } from 'vitest';
import { timeoutsWithin } from './mail-transports.js';

describe('SMTP timeouts within a lease', () => {
  it('keeps the defaults (30 s connect, 30 s greeting, 60 s idle) when the lease is at least twice their sum', () => {
    const defaults = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };
    expect(timeoutsWithin(300_000)).toEqual(defaults);
    expect(timeoutsWithin(240_000)).toEqual(defaults);
  });

  it('scales them down so an attempt ends within half a shorter lease', () => {
    expect(timeoutsWithin(120_000)).toEqual({
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    const t = timeoutsWithin(1_500);
    expect(t).toEqual({ connectionTimeout: 187, greetingTimeout: 187, socketTimeout: 375 });
    expect(t.connectionTimeout + t.greetingTimeout + t.socketTimeout).toBeLessThanOrEqual(750);
  });
});
