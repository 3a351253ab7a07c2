import { describe, expect, it } from 'vitest';
import { coalesced } from './notifications.js';

/** A send whose calls stay in flight until released, one by one. */
function controlledSend() {
  const pending: { release: () => void; fail: (err: Error) => void }[] = [];
  const send = () =>
    new Promise<void>((resolve, reject) => {
      pending.push({ release: resolve, fail: reject });
    });
  return { send, pending };
}

const settled = () => new Promise((r) => setImmediate(r));

describe('coalesced wake-ups', () => {
  it('sends at once when idle; calls made while one is in flight share exactly one more, after it', async () => {
    const { send, pending } = controlledSend();
    const wake = coalesced(send);
    const done: string[] = [];
    const first = wake().then(() => done.push('first'));
    expect(pending).toHaveLength(1);
    const later = Array.from({ length: 5 }, (_, i) => wake().then(() => done.push(`later${i}`)));
    await settled();
    // Still one in flight: the five wait for the one after it.
    expect(pending).toHaveLength(1);
    pending[0].release();
    await settled();
    expect(done).toEqual(['first']);
    expect(pending).toHaveLength(2);
    // A call made while the second is in flight is not served by it (it started before this call).
    const third = wake().then(() => done.push('third'));
    pending[1].release();
    await Promise.all([first, ...later]);
    expect(done.slice(1).sort()).toEqual(['later0', 'later1', 'later2', 'later3', 'later4']);
    expect(pending).toHaveLength(3);
    pending[2].release();
    await third;
    expect(pending).toHaveLength(3);
  });

  it('never rejects: a failed send resolves its callers, and the next call sends again', async () => {
    const { send, pending } = controlledSend();
    const wake = coalesced(send);
    const a = wake();
    const b = wake();
    pending[0].fail(new Error('database away'));
    await expect(a).resolves.toBeUndefined();
    await settled();
    pending[1].fail(new Error('still away'));
    await expect(b).resolves.toBeUndefined();
    const c = wake();
    expect(pending).toHaveLength(3);
    pending[2].release();
    await expect(c).resolves.toBeUndefined();
  });
});
