#!/usr/bin/env node
// The `helpdesk` command (package.json "bin"): compiled to dist/cli/main.js, which `npm start` runs as
// `node dist/cli/main.js serve`. Its first act holds the young generation (heap-flags.ts), before the
// program's modules load: a static import of them would load them first.
import { holdYoungGeneration } from './heap-flags.js';

holdYoungGeneration();
await import('./program.js');
