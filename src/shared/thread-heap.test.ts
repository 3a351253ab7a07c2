import { Worker, type ResourceLimits } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { threadResourceLimits } from './thread-heap.js';

// The size of a new thread's young generation (V8's new space, in MB) right after it starts.
async function newSpaceMb(resourceLimits: ResourceLimits): Promise<number> {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     const space = require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
     parentPort.postMessage(space.space_size / 1048576);`,
    { eval: true, resourceLimits },
  );
  try {
    return await new Promise<number>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

describe('thread heap', () => {
  // One test: the flag is process-wide, so the thread started before it must come first.
  it("a thread started after threadResourceLimits has its young generation at its limit's maximum from the start", async () => {
    const limits = { maxYoungGenerationSizeMb: 8 };
    const before = await newSpaceMb(limits);
    const after = await newSpaceMb(threadResourceLimits(limits));
    expect(before).toBeLessThanOrEqual(2);
    expect(after).toBeGreaterThanOrEqual(2 * before);
    // Never beyond what the limit allows.
    expect(after).toBeLessThanOrEqual(limits.maxYoungGenerationSizeMb);
    expect(threadResourceLimits(limits)).toBe(limits);
  });
});
