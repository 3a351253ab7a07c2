import type { WorkerOptions } from 'node:worker_threads';
import { expect, it, vi } from 'vitest';
import { threadResourceLimits } from '../shared/thread-heap.js';

// The batch parsing thread asks for V8's smallest young generation itself: once another thread of the
// server has set the process-wide flag that starts a thread's young generation at its maximum
// (shared/thread-heap.ts), a thread started without limits would begin at V8's default maximum.

const started: WorkerOptions[] = [];
vi.mock('./mail-parse-thread.js', async (original) => {
  const real = await original<typeof import('./mail-parse-thread.js')>();
  return {
    ...real,
    spawnMailThread: (name: string, options: WorkerOptions) => {
      started.push(options);
      return real.spawnMailThread(name, options);
    },
  };
});

it('starts its thread with the smallest young generation after another thread set the flag, and parses there', async () => {
  // A module of its own: test files share modules (vitest's isolate: false), and another file's batch
  // may have started the module's thread already.
  vi.resetModules();
  const { parseMailBatch, THREAD_BATCH_MIN } = await import('./mail-parse-batch.js');
  threadResourceLimits({ maxYoungGenerationSizeMb: 8 });
  const raws = Array.from({ length: THREAD_BATCH_MIN }, (_, i) =>
    Buffer.from(
      `From: Jane <jane@x.example>\r\nSubject: Batch ${i}\r\nMessage-ID: <b${i}@x.example>\r\n\r\nHello ${i}\r\n`,
    ),
  );
  const parsed = await parseMailBatch(raws);
  expect(parsed.map((p) => (p instanceof Error ? p.message : p.subject))).toEqual(raws.map((_, i) => `Batch ${i}`));
  expect(started.length).toBeGreaterThan(0);
  expect(started.at(-1)?.resourceLimits).toEqual({ maxYoungGenerationSizeMb: 3 });
}, 60_000);
