// The `helpdesk` command's program, loaded by main.ts. One file per command group; each gets its
// services from the container.
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { isDatabaseUnavailable } from '../db/database.js';
import { MigrationError } from '../db/migrate.js';
import { AppError } from '../shared/errors.js';
import { environmentSecrets, redactText } from '../shared/redact.js';
import { ENVIRONMENT_HELP } from './environment-help.js';
import { registerCreditsCommands } from './credits-commands.js';
import { registerKeysCommands } from './keys-commands.js';
import { registerMigrateCommand } from './migrate-command.js';
import { registerOrgsCommands } from './orgs-commands.js';
import { registerPlansCommands } from './plans-commands.js';
import { registerServeCommand } from './serve-command.js';
import { registerUsersCommands } from './users-commands.js';
import { registerWorkerCommand } from './worker-command.js';

/** The package's version, read at run time: package.json is two levels up from both src/cli/ and dist/cli/. */
function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;
}

// Usage errors (unknown command or option, missing or invalid argument) exit with 2 and one line
// naming the command's help, not the whole help; failures of a command that ran exit with 1.
// exitOverride makes commander throw instead of exiting (handled below); subcommands inherit it.
const program = new Command('helpdesk')
  .description('Helpdesk ticketing service: API server, webhook worker and administration')
  .version(packageVersion(), '-V, --version', 'print the version and exit')
  .exitOverride()
  .addHelpText('afterAll', ENVIRONMENT_HELP);

registerServeCommand(program);
registerWorkerCommand(program);
registerMigrateCommand(program);
registerOrgsCommands(program);
registerKeysCommands(program);
registerUsersCommands(program);
registerPlansCommands(program);
registerCreditsCommands(program);

/** Each command's usage hint names its own help: "(run `helpdesk keys create --help` for usage)". */
function addUsageHints(command: Command, path: string): void {
  command.showHelpAfterError(`(run \`${path} --help\` for usage)`);
  for (const sub of command.commands) addUsageHints(sub, `${path} ${sub.name()}`);
}
addUsageHints(program, 'helpdesk');

// Nothing printed may hold a secret (platform.md §6): driver errors and stack traces are cleaned of
// connection URL passwords, bearer tokens, API keys and webhook secrets first.
const secrets = environmentSecrets();
const fail = (text: string): void => void process.stderr.write(redactText(text, secrets));

program.parseAsync(process.argv).catch((err: unknown) => {
  // Commander has printed its message (and the hint) already; --help and --version end here with 0.
  if (err instanceof CommanderError) process.exit(err.exitCode === 0 ? 0 : 2);
  const code = (err as { code?: unknown }).code;
  if (err instanceof ConfigError) fail(`configuration error: ${err.message}\n`);
  else if (err instanceof MigrationError) fail(`${err.message}\n`);
  else if (err instanceof AppError) fail(`error: ${err.message}\n`);
  else if (isDatabaseUnavailable(err))
    fail(`error: cannot reach the database (DATABASE_URL): ${(err as Error).message}\n`);
  else if (code === 'EADDRINUSE' || code === 'EACCES') fail(`error: cannot listen: ${(err as Error).message}\n`);
  else fail(`error: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
