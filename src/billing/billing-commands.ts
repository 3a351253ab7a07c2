import type { Command } from 'commander';
import type { CliContext } from '../cli/cli-context.js';

/** Adds the plan and credit commands to the CLI. */
export function registerBillingCommands(_program: Command, _withContext: CliContext): void {
  // Implemented by the plans issue.
}
