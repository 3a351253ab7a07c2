// Loaded into a service process by the benchmark (bench/memory.ts: `node --expose-gc --import <this>
// dist/cli/main.js serve`), never by production. At each SIGWINCH the process collects its garbage
// (a full, compacting collection of the main thread's heap) and then writes its memory, as
// process.memoryUsage() reads it, to the file named by BENCH_MEMORY_FILE: so a reading of the
// resident set is not moved by garbage that happened to be collected, or not yet, at that moment.
// Plain JavaScript, so that it loads under plain node like the compiled service.
import { renameSync, writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BENCH_MEMORY_FILE;
// Worker threads (the webhook thread) load it too; signals reach the main thread only. SIGWINCH: its
// default is to be ignored, and the service's shutdown (close-with-grace) takes SIGUSR2 and most others.
if (isMainThread && file && typeof globalThis.gc === 'function') {
  let seq = 0;
  process.on('SIGWINCH', () => {
    // Twice: objects whose finalizers ran in the first collection are freed by the second.
    globalThis.gc();
    globalThis.gc();
    const m = process.memoryUsage();
    seq += 1;
    // Written aside, then renamed: the reader never sees half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify({ seq, ...m }));
    renameSync(`${file}.tmp`, file);
  });
}
