import { afterEach, describe, expect, it, vi } from 'vitest';
import { oneAtATime, runAfterWrites, type AfterWrites } from './after-writes.js';

/** A run whose outcome the test decides, counting its calls. */
function controlledRun() {
  const calls: { resolve: (more: boolean) => void; reject: (err: unknown) => void; stopped: () => boolean }[] = [];
  const run = (stopped: () => boolean) =>
    new Promise<boolean>((resolve, reject) => void calls.push({ resolve, reject, stopped }));
  return { run, calls };
}

describe('runAfterWrites', () => {
  let upkeep: AfterWrites | null = null;
  afterEach(async () => {
    vi.useRealTimers();
    await upkeep?.stop();
    upkeep = null;
  });

  it('runs only after new writes, once per new count', async () => {
    let writes = 5;
    const run = vi.fn(async () => false);
    upkeep = runAfterWrites({ run, writes: () => writes, intervalMs: 60_000 });
    await upkeep.tick();
    expect(run).not.toHaveBeenCalled();
    writes++;
    await upkeep.tick();
    expect(run).toHaveBeenCalledTimes(1);
    await upkeep.tick();
    expect(run).toHaveBeenCalledTimes(1);
    writes += 3;
    await upkeep.tick();
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('never runs twice at a time: a check during a run waits for it', async () => {
    let writes = 0;
    const { run, calls } = controlledRun();
    upkeep = runAfterWrites({ run, writes: () => writes, intervalMs: 60_000 });
    writes++;
    const first = upkeep.tick();
    writes++;
    let secondDone = false;
    const second = upkeep.tick().then(() => (secondDone = true));
    expect(calls).toHaveLength(1);
    await Promise.resolve();
    expect(secondDone).toBe(false);
    calls[0].resolve(false);
    await Promise.all([first, second]);
    expect(secondDone).toBe(true);
    // The writes made during the run are still to be served.
    const third = upkeep.tick();
    expect(calls).toHaveLength(2);
    calls[1].resolve(false);
    await third;
  });

  it('runs again at the next check, without new writes, when a run says work is left', async () => {
    let writes = 0;
    const { run, calls } = controlledRun();
    upkeep = runAfterWrites({ run, writes: () => writes, intervalMs: 60_000 });
    writes++;
    const t = upkeep.tick();
    calls[0].resolve(true);
    await t;
    const t2 = upkeep.tick();
    expect(calls).toHaveLength(2);
    calls[1].resolve(false);
    await t2;
    await upkeep.tick();
    expect(calls).toHaveLength(2);
  });

  it('reports a failed run and runs again at the next check', async () => {
    let writes = 0;
    const errors: unknown[] = [];
    const { run, calls } = controlledRun();
    upkeep = runAfterWrites({ run, writes: () => writes, intervalMs: 60_000, onError: (e) => errors.push(e) });
    writes++;
    const t = upkeep.tick();
    const failure = new Error('busy');
    calls[0].reject(failure);
    await t;
    expect(errors).toEqual([failure]);
    const t2 = upkeep.tick();
    expect(calls).toHaveLength(2);
    calls[1].resolve(false);
    await t2;
  });

  it('a failure without onError is swallowed (the next check retries)', async () => {
    let writes = 0;
    const { run, calls } = controlledRun();
    upkeep = runAfterWrites({ run, writes: () => writes, intervalMs: 60_000 });
    writes++;
    const t = upkeep.tick();
    calls[0].reject(new Error('busy'));
    await expect(t).resolves.toBeUndefined();
  });

  it('checks on its interval', async () => {
    vi.useFakeTimers();
    let writes = 0;
    const run = vi.fn(async () => false);
    upkeep = runAfterWrites({ run, writes: () => writes, intervalMs: 200 });
    writes++;
    await vi.advanceTimersByTimeAsync(199);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    writes++;
    await vi.advanceTimersByTimeAsync(200);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('does not hold the process open: its timer is unref()ed', () => {
    const unref = vi.fn();
    const spy = vi.spyOn(globalThis, 'setInterval').mockReturnValue({ unref } as unknown as NodeJS.Timeout);
    try {
      runAfterWrites({ run: async () => false, writes: () => 0, intervalMs: 200 });
      expect(unref).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('stop waits for the run under way, tells it to stop, and nothing runs after it', async () => {
    vi.useFakeTimers();
    let writes = 0;
    const errors: unknown[] = [];
    const { run, calls } = controlledRun();
    const u = runAfterWrites({ run, writes: () => writes, intervalMs: 200, onError: (e) => errors.push(e) });
    writes++;
    void u.tick();
    expect(calls[0].stopped()).toBe(false);
    let stopped = false;
    const stopping = u.stop().then(() => (stopped = true));
    expect(calls[0].stopped()).toBe(true);
    await Promise.resolve();
    expect(stopped).toBe(false);
    // A run failing because the database closes under it is not reported.
    calls[0].reject(new Error('closed'));
    await stopping;
    expect(errors).toEqual([]);
    writes++;
    await u.tick();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toHaveLength(1);
  });
});

describe('oneAtATime', () => {
  it('starts each task once the one before has settled, in order, failures included', async () => {
    const lane = oneAtATime();
    const log: string[] = [];
    let releaseFirst!: () => void;
    const first = lane(() =>
      new Promise<string>((resolve) => (releaseFirst = () => resolve('a'))).then((v) => (log.push('a done'), v)),
    );
    const second = lane(async () => {
      log.push('b start');
      throw new Error('b failed');
    });
    const third = lane(async () => (log.push('c start'), 'c'));
    await Promise.resolve();
    await Promise.resolve();
    expect(log).toEqual([]);
    releaseFirst();
    await expect(first).resolves.toBe('a');
    await expect(second).rejects.toThrow('b failed');
    await expect(third).resolves.toBe('c');
    expect(log).toEqual(['a done', 'b start', 'c start']);
  });

  it('a task after a failed one still runs', async () => {
    const lane = oneAtATime();
    await expect(lane(async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await expect(lane(async () => 1)).resolves.toBe(1);
  });
});
