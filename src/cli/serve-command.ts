import type { Command } from 'commander';
import { loadConfig } from '../config.js';

/** Adds `serve`: the HTTP API, with an in-process webhook worker unless --no-worker. */
export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('run the HTTP API (with an in-process webhook worker unless --no-worker)')
    .option('--no-worker', 'do not deliver webhooks from this process')
    .action(async (opts: { worker: boolean }) => {
      const config = loadConfig();
      // Loaded on demand: the other commands need none of the HTTP stack (Fastify, routes, OpenAPI).
      const { serve } = await import('../server.js');
      await serve(config, { worker: opts.worker });
    });
}
