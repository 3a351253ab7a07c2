import type { Command } from 'commander';

/** Adds the `worker` command (a process that only delivers webhooks). */
export function registerWorkerCommand(program: Command): void {
  program
    .command('worker')
    .description('run only the webhook delivery worker')
    .action(async () => {
      throw new Error('the worker command is not implemented yet');
    });
}
