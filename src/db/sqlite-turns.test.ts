import { describe, expect, it } from 'vitest';
import { createTurnSlicer } from './sqlite-turns.js';

// A fake clock and event loop: `later` queues callbacks that `turn()` runs, in order.
function fakeLoop() {
  let time = 0;
  const queue: (() => void)[] = [];
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
    later: (fn: () => void) => void queue.push(fn),
    turn: () => {
      for (const fn of queue.splice(0)) fn();
    },
    queued: () => queue.length,
  };
}

describe('SQLite statements give the event loop a turn', () => {
  it('runs statements at once until the turn has lasted the slice, then waits for the next turn', async () => {
    const loop = fakeLoop();
    const pause = createTurnSlicer({ sliceMs: 5, now: loop.now, later: loop.later });
    expect(pause()).toBeNull();
    // The turn's marker is queued once, by its first statement.
    expect(loop.queued()).toBe(1);
    loop.advance(4.9);
    expect(pause()).toBeNull();
    expect(loop.queued()).toBe(1);
    loop.advance(0.1);
    const waiting = pause();
    expect(waiting).not.toBeNull();
    let resumed = false;
    void waiting!.then(() => {
      resumed = true;
    });
    await Promise.resolve();
    expect(resumed).toBe(false);
    loop.turn();
    await waiting;
    expect(resumed).toBe(true);
    // The statement after the wait starts a new turn: the next ones run at once for another slice.
    loop.advance(4);
    expect(pause()).toBeNull();
    loop.advance(1);
    expect(pause()).not.toBeNull();
  });

  it('starts counting a turn at its first statement, however long the event loop was idle before', () => {
    const loop = fakeLoop();
    const pause = createTurnSlicer({ sliceMs: 5, now: loop.now, later: loop.later });
    expect(pause()).toBeNull();
    loop.turn();
    loop.advance(1_000);
    expect(pause()).toBeNull();
    loop.advance(2);
    expect(pause()).toBeNull();
  });

  it('defaults to a slice of a few milliseconds on the real event loop', async () => {
    const pause = createTurnSlicer();
    expect(pause()).toBeNull();
    const started = performance.now();
    while (performance.now() - started < 6);
    const waiting = pause();
    expect(waiting).not.toBeNull();
    await waiting;
    expect(pause()).toBeNull();
  });
});
