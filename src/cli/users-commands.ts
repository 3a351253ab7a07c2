import type { Command } from 'commander';
import { organizationId } from './arguments.js';
import { withContext } from './cli-context.js';
import { write } from './output.js';

/** Adds `users reset-link`: a single-use link (1 hour) that sets a staff user's password. */
export function registerUsersCommands(program: Command): void {
  const users = program.command('users').description('manage staff users');
  users
    .command('reset-link')
    .description("print a link that sets a staff user's password (single use, valid 1 hour; ends their sessions)")
    .requiredOption('--org <id>', 'organization id', organizationId)
    .requiredOption('--email <email>', "the staff user's email")
    .action((opts: { org: string; email: string }) =>
      withContext(async (container): Promise<void> => {
        await container.orgs.assertExists(opts.org);
        const link = await container.staffAuth.resetLink(opts.org, opts.email);
        if (link === null) throw new Error(`no staff user with email ${opts.email} in organization ${opts.org}`);
        write(`${link}\n`);
      }),
    );
}
