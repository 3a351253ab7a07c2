import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The flag threadResourceLimits sets is process-wide and stays set, and test files share their worker
// process: the measurement runs in a fresh Node process of its own, where no thread was started with it.
const MODULE = fileURLToPath(new URL('./thread-heap.ts', import.meta.url));
const SCRIPT = `
import { Worker } from 'node:worker_threads';
const { threadResourceLimits } = await import(process.env.THREAD_HEAP_MODULE);
// The size of a new thread's young generation (V8's new space, in MB) right after it starts.
async function newSpaceMb(resourceLimits) {
  const worker = new Worker(
    \`const { parentPort } = require('node:worker_threads');
     const space = require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
     parentPort.postMessage(space.space_size / 1048576);\`,
    { eval: true, resourceLimits, execArgv: [] },
  );
  try {
    return await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}
const limits = { maxYoungGenerationSizeMb: 8 };
const before = await newSpaceMb(limits);
const returned = threadResourceLimits(limits);
const after = await newSpaceMb(returned);
console.log(JSON.stringify({ before, after, same: returned === limits }));
`;

describe('thread heap', () => {
  it("a thread started after threadResourceLimits has its young generation at its limit's maximum from the start", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', SCRIPT],
      { env: { ...process.env, THREAD_HEAP_MODULE: MODULE } },
    );
    const { before, after, same } = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
    expect(before).toBeLessThanOrEqual(2);
    expect(after).toBeGreaterThanOrEqual(2 * before);
    // Never beyond what the limit allows.
    expect(after).toBeLessThanOrEqual(8);
    expect(same).toBe(true);
  });
});
