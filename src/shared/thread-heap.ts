import { setFlagsFromString } from 'node:v8';
import type { ResourceLimits } from 'node:worker_threads';

// A worker thread's young generation starts at V8's smallest (1 MB semi-spaces) and grows by V8's
// semi-space growth factor, which is process-wide: the CLI holds it at 1 while it loads, and `serve`
// once its main isolate's semi-spaces reach their cap (cli/heap-flags.ts), so a thread's young
// generation never grew. The webhook thread, delivering a backlog, ran a scavenge every 5 ms (800 for
// 36,000 deliveries, about 15 % of its CPU), each one copying the attempts in flight and promoting
// them early. V8 reads this flag when it creates an isolate and lowers it to that isolate's own
// maximum, so each thread begins with the young generation its resourceLimits allow: no larger than
// they always permitted, only there from the start. The main isolate exists already and keeps its cap.
const AT_ITS_MAXIMUM = '--min-semi-space-size=64';

let applied = false;

/** `limits`, for a Worker created after this call: its young generation starts at their maximum. */
export function threadResourceLimits(limits: ResourceLimits): ResourceLimits {
  if (!applied) {
    setFlagsFromString(AT_ITS_MAXIMUM);
    applied = true;
  }
  return limits;
}
