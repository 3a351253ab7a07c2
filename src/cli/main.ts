#!/usr/bin/env node
// The `helpdesk` command (package.json "bin"): compiled to dist/cli/main.js, which `npm start` runs as
// `node dist/cli/main.js serve`. One file per command group; each gets its services from the container.
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { ConfigError } from '../config.js';
import { isDatabaseUnavailable } from '../db/database.js';
import { MigrationError } from '../db/migrate.js';
import { AppError } from '../shared/errors.js';
import { registerCreditsCommands } from './credits-commands.js';
import { registerKeysCommands } from './keys-commands.js';
import { registerMigrateCommand } from './migrate-command.js';
import { registerOrgsCommands } from './orgs-commands.js';
import { registerPlansCommands } from './plans-commands.js';
import { registerServeCommand } from './serve-command.js';
import { registerWorkerCommand } from './worker-command.js';

/** The package's version, read at run time: package.json is two levels up from both src/cli/ and dist/cli/. */
function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

const program = new Command('helpdesk')
  .description('Helpdesk ticketing service: API server, webhook worker and administration')
  .version(packageVersion(), '-V, --version', 'print the version and exit')
  .showHelpAfterError();

registerServeCommand(program);
registerWorkerCommand(program);
registerMigrateCommand(program);
registerOrgsCommands(program);
registerKeysCommands(program);
registerPlansCommands(program);
registerCreditsCommands(program);

program.parseAsync(process.argv).catch((err: unknown) => {
  const code = (err as { code?: unknown }).code;
  if (err instanceof ConfigError) process.stderr.write(`configuration error: ${err.message}\n`);
  else if (err instanceof MigrationError) process.stderr.write(`${err.message}\n`);
  else if (err instanceof AppError) process.stderr.write(`error: ${err.message}\n`);
  else if (isDatabaseUnavailable(err)) process.stderr.write(`error: cannot reach the database (DATABASE_URL): ${(err as Error).message}\n`);
  else if (code === 'EADDRINUSE' || code === 'EACCES') process.stderr.write(`error: cannot listen: ${(err as Error).message}\n`);
  else process.stderr.write(`error: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
