import { describe, expect, it } from 'vitest';
import { comparePositions, Subscriber, type StreamOutput } from './event-stream-subscriber.js';

function output(bufferedBytes = () => 0) {
  const written: string[] = [];
  let ended = false;
  const out: StreamOutput = {
    write: (text) => void written.push(text),
    buffered: bufferedBytes,
    drained: async () => undefined,
    end: () => {
      ended = true;
    },
  };
  return { out, written, ended: () => ended };
}

describe('live stream subscriber', () => {
  it('orders positions by xid as a 64-bit number, then seq', () => {
    expect(comparePositions({ xid: '9', seq: 5 }, { xid: '10', seq: 1 })).toBe(-1);
    expect(comparePositions({ xid: '18446744073709551615', seq: 1 }, { xid: '18446744073709551614', seq: 9 })).toBe(1);
    expect(comparePositions({ xid: '0', seq: 3 }, { xid: '0', seq: 3 })).toBe(0);
    expect(comparePositions({ xid: '0', seq: 2 }, { xid: '0', seq: 3 })).toBe(-1);
  });

  it('takes each event once, only after its position, and filters by type', () => {
    const o = output();
    const s = new Subscriber('org', new Set(['a']), { xid: '0', seq: 1 }, o.out, 1000, () => undefined);
    s.offer({ xid: '0', seq: 1 }, 'a', 'one');
    s.offer({ xid: '0', seq: 2 }, 'a', 'two');
    s.offer({ xid: '0', seq: 2 }, 'a', 'two again');
    s.offer({ xid: '0', seq: 3 }, 'b', 'other type');
    s.offer({ xid: '0', seq: 4 }, 'a', 'four');
    expect(o.written).toEqual(['two', 'four']);
    expect(s.position).toEqual({ xid: '0', seq: 4 });
  });

  it('drops a client whose unsent output is past the bound', () => {
    let buffered = 0;
    const o = output(() => buffered);
    const closed: Subscriber[] = [];
    const s = new Subscriber('org', null, { xid: '0', seq: 0 }, o.out, 100, (x) => closed.push(x));
    s.send('ping');
    buffered = 101;
    s.send('more');
    expect(o.written).toEqual(['ping']);
    expect(closed).toEqual([s]);
    expect(o.ended()).toBe(true);
  });
});
