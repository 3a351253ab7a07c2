import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { lowerProcessPriority, lowerThreadPriority, systemDeps, type PriorityDeps } from './cpu-priority.js';

/** A fake scheduler: nice values by thread id (0 = the caller), the calls made, and ids that fail. */
function fake(platform: NodeJS.Platform, nice: Record<number, number>, failing: Record<number, string> = {}) {
  const calls: [number, number][] = [];
  const fail = (id: number) => {
    if (failing[id]) throw Object.assign(new Error(`${failing[id]} for ${id}`), { code: failing[id] });
  };
  const deps: PriorityDeps = {
    platform,
    threads: () =>
      Object.keys(nice)
        .map(Number)
        .filter((id) => id !== 0),
    getPriority: (id) => {
      fail(id);
      return nice[id];
    },
    setPriority: (id, value) => {
      calls.push([id, value]);
      nice[id] = value;
    },
  };
  return { deps, calls, nice };
}

describe('lowerProcessPriority', () => {
  it('on Linux sets every thread of the process, each by its id', () => {
    const { deps, calls } = fake('linux', { 100: 0, 101: 0, 102: 0 });
    expect(lowerProcessPriority(10, deps)).toEqual({ lowered: 3, kept: 0, error: null });
    expect(calls).toEqual([
      [100, 10],
      [101, 10],
      [102, 10],
    ]);
  });

  it('leaves a thread already at that nice value or lower priority as it is (raising needs privileges)', () => {
    const { deps, calls } = fake('linux', { 100: 0, 101: 10, 102: 15 });
    expect(lowerProcessPriority(10, deps)).toEqual({ lowered: 1, kept: 2, error: null });
    expect(calls).toEqual([[100, 10]]);
  });

  it('off Linux sets the process as a whole (id 0)', () => {
    const { deps, calls } = fake('darwin', { 0: 0, 100: 0 });
    expect(lowerProcessPriority(5, deps)).toEqual({ lowered: 1, kept: 0, error: null });
    expect(calls).toEqual([[0, 5]]);
  });

  it('changes nothing at nice 0', () => {
    const { deps, calls } = fake('linux', { 100: 0 });
    expect(lowerProcessPriority(0, deps)).toEqual({ lowered: 0, kept: 0, error: null });
    expect(calls).toEqual([]);
  });

  it('ignores threads that exited meanwhile and reports the first other error, going on with the rest', () => {
    const { deps, calls } = fake(
      'linux',
      { 100: 0, 101: 0, 102: 0, 103: 0 },
      { 100: 'ESRCH', 101: 'EPERM', 102: 'EACCES' },
    );
    const outcome = lowerProcessPriority(10, deps);
    expect(outcome.lowered).toBe(1);
    expect(outcome.kept).toBe(0);
    expect(outcome.error?.message).toBe('EPERM for 101');
    expect(calls).toEqual([[103, 10]]);
  });
});

describe('lowerThreadPriority', () => {
  it('on Linux sets the calling thread only (id 0)', () => {
    const { deps, calls } = fake('linux', { 0: 0, 100: 0 });
    expect(lowerThreadPriority(10, deps)).toEqual({ lowered: 1, kept: 0, error: null });
    expect(calls).toEqual([[0, 10]]);
  });

  it('keeps a thread already at lower priority', () => {
    const { deps, calls } = fake('linux', { 0: 12 });
    expect(lowerThreadPriority(10, deps)).toEqual({ lowered: 0, kept: 1, error: null });
    expect(calls).toEqual([]);
  });

  it('off Linux changes nothing: it would lower the whole server', () => {
    const { deps, calls } = fake('win32', { 0: 0 });
    expect(lowerThreadPriority(10, deps)).toEqual({ lowered: 0, kept: 0, error: null });
    expect(calls).toEqual([]);
  });

  it('changes nothing at nice 0', () => {
    const { deps, calls } = fake('linux', { 0: 0 });
    expect(lowerThreadPriority(0, deps)).toEqual({ lowered: 0, kept: 0, error: null });
    expect(calls).toEqual([]);
  });

  it('reports an error', () => {
    const { deps } = fake('linux', { 0: 0 }, { 0: 'EPERM' });
    expect(lowerThreadPriority(3, deps).error?.message).toBe('EPERM for 0');
  });
});

// The real scheduler, on a thread of this process made for the purpose (a nice value cannot be raised
// back, so none of the test process's own threads is touched; the thread's own goes with it). Linux
// only: /proc and per-thread nice values.
describe.runIf(process.platform === 'linux')('the system scheduler', () => {
  const niceOf = (tid: number) =>
    Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]);

  it("lists the process's threads, reads and sets a thread's nice value by its id", async () => {
    const before = new Set(systemDeps.threads());
    expect(before.has(process.pid)).toBe(true);
    const other = new Worker('setInterval(() => {}, 1000)', { eval: true });
    await once(other, 'online');
    try {
      const added = systemDeps.threads().filter((tid) => !before.has(tid));
      expect(added.length).toBeGreaterThan(0);
      for (const tid of added) {
        expect(systemDeps.getPriority(tid)).toBe(niceOf(tid));
        systemDeps.setPriority(tid, 7);
        expect(niceOf(tid)).toBe(7);
        expect(systemDeps.getPriority(tid)).toBe(7);
      }
      // This thread is left as it was.
      expect(niceOf(process.pid)).not.toBe(7);
    } finally {
      await other.terminate();
    }
  });
});
