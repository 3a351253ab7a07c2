import { describe, expect, it } from 'vitest';
import { createReadBatcher } from './read-batcher.js';

/** A store whose values can change between reads, recording every read it is asked for. */
function fakeStore() {
  const values = new Map<string, string>();
  const reads: { group: string; keys: string[] }[] = [];
  const gates: (() => void)[] = [];
  let holding = false;
  const read = async (group: string, keys: string[]) => {
    reads.push({ group, keys });
    // The values as they are when the read starts (a statement's snapshot).
    const answer = new Map(
      keys.filter((k) => values.has(`${group}/${k}`)).map((k) => [k, values.get(`${group}/${k}`)!]),
    );
    if (holding) await new Promise<void>((resolve) => gates.push(resolve));
    return answer;
  };
  return {
    values,
    reads,
    read,
    hold: () => (holding = true),
    release: () => {
      holding = false;
      for (const g of gates.splice(0)) g();
    },
  };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('read batcher', () => {
  it('reads the keys requested in one turn with one read; the same key requested twice is read once', async () => {
    const s = fakeStore();
    s.values.set('o1/a', 'A').set('o1/b', 'B');
    const b = createReadBatcher<string>({ read: s.read, maxKeys: 50, maxInFlight: 2 });
    const answers = await Promise.all([
      b.load('o1', 'a', undefined),
      b.load('o1', 'b', undefined),
      b.load('o1', 'a', undefined),
      b.load('o1', 'x', undefined),
    ]);
    expect(answers).toEqual(['A', 'B', 'A', undefined]);
    expect(s.reads).toEqual([{ group: 'o1', keys: ['a', 'b', 'x'] }]);
  });

  it('never mixes groups: each organization has its own reads', async () => {
    const s = fakeStore();
    s.values.set('o1/a', 'A1').set('o2/a', 'A2');
    const b = createReadBatcher<string>({ read: s.read, maxKeys: 50, maxInFlight: 2 });
    expect(await Promise.all([b.load('o1', 'a', undefined), b.load('o2', 'a', undefined)])).toEqual(['A1', 'A2']);
    expect(s.reads).toEqual([
      { group: 'o1', keys: ['a'] },
      { group: 'o2', keys: ['a'] },
    ]);
  });

  it('a request never joins a read already sent: it waits for the next one, which sees later writes', async () => {
    const s = fakeStore();
    s.values.set('o1/a', 'v1');
    const b = createReadBatcher<string>({ read: s.read, maxKeys: 50, maxInFlight: 1 });
    s.hold();
    const first = b.load('o1', 'a', undefined);
    await turn();
    expect(s.reads).toHaveLength(1); // sent, not answered yet
    s.values.set('o1/a', 'v2'); // a write that commits after the first read started
    const second = b.load('o1', 'a', undefined);
    const third = b.load('o1', 'a', undefined);
    await turn();
    expect(s.reads).toHaveLength(1); // waiting: the one read allowed is still running
    s.release();
    expect(await first).toBe('v1');
    expect(await second).toBe('v2');
    expect(await third).toBe('v2');
    expect(s.reads).toHaveLength(2); // the two waiting requests shared the second read
  });

  it('splits more keys than one read takes, and runs at most maxInFlight reads of a group at once', async () => {
    const s = fakeStore();
    for (let i = 0; i < 7; i++) s.values.set(`o1/k${i}`, `v${i}`);
    const b = createReadBatcher<string>({ read: s.read, maxKeys: 3, maxInFlight: 2 });
    s.hold();
    const all = Promise.all(Array.from({ length: 7 }, (_, i) => b.load('o1', `k${i}`, undefined)));
    await turn();
    expect(s.reads.map((r) => r.keys)).toEqual([
      ['k0', 'k1', 'k2'],
      ['k3', 'k4', 'k5'],
    ]);
    s.release();
    await turn();
    s.release();
    expect(await all).toEqual(['v0', 'v1', 'v2', 'v3', 'v4', 'v5', 'v6']);
    expect(s.reads.map((r) => r.keys)).toEqual([['k0', 'k1', 'k2'], ['k3', 'k4', 'k5'], ['k6']]);
  });

  it('a failed read fails every request it served, and the next requests are read again', async () => {
    let fail = true;
    const b = createReadBatcher<string>({
      read: async (_g, keys) => {
        if (fail) throw new Error('database unavailable');
        return new Map(keys.map((k) => [k, k.toUpperCase()]));
      },
      maxKeys: 50,
      maxInFlight: 2,
    });
    const failed = await Promise.allSettled([b.load('o1', 'a', undefined), b.load('o1', 'b', undefined)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await b.load('o1', 'a', undefined)).toBe('A');
  });

  it('hands each key the argument its first request gave', async () => {
    const seen: number[][] = [];
    const b = createReadBatcher<number, number>({
      read: async (_g, keys, args) => {
        seen.push(args);
        return new Map(keys.map((k, i) => [k, args[i] * 10]));
      },
      maxKeys: 50,
      maxInFlight: 1,
    });
    expect(await Promise.all([b.load('o1', 'x', 1), b.load('o1', 'y', 2), b.load('o1', 'x', 3)])).toEqual([10, 20, 10]);
    expect(seen).toEqual([[1, 2]]);
  });
});
