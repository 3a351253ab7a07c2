import type { Command } from 'commander';
import { nonEmpty, organizationId } from './arguments.js';
import { withContext } from './cli-context.js';
import { printJson, write } from './output.js';

/** Adds `orgs create`, `orgs list` and `orgs delete`. */
export function registerOrgsCommands(program: Command): void {
  const orgs = program.command('orgs').description('manage organizations');
  orgs
    .command('create')
    .description('create an organization and one API key with every scope')
    .requiredOption('--name <name>', 'organization name', nonEmpty)
    .option('--json', 'print one JSON object')
    .action((opts: { name: string; json?: boolean }) =>
      withContext(async (container): Promise<void> => {
        const created = await container.orgs.create(opts.name);
        const { id, token, scopes } = created.api_key;
        if (opts.json) return printJson({ organization: created.organization, api_key: { id, token, scopes } });
        write(
          `organization ${created.organization.id} (${created.organization.name})\n` +
            `API key ${id}\n  token:  ${token}\n  scopes: ${scopes.join(', ')}\n` +
            'The token is shown only once.\n',
        );
      }),
    );
  orgs
    .command('list')
    .description('list every organization, oldest first')
    .option('--json', 'print one JSON object')
    .action((opts: { json?: boolean }) =>
      withContext(async (container): Promise<void> => {
        const list = await container.orgs.list();
        if (opts.json) return printJson({ organizations: list });
        for (const org of list) write(`${org.id}  ${org.created_at}  ${org.name}\n`);
        if (list.length === 0) write('no organizations\n');
      }),
    );
  orgs
    .command('delete')
    .description('delete an organization and everything it owns; its API keys stop working at once, everywhere')
    .argument('<org-id>', 'organization id', organizationId)
    .option('--yes', 'confirm: the deletion cannot be undone')
    .option('--json', 'print one JSON object')
    .action((id: string, opts: { yes?: boolean; json?: boolean }, command: Command) => {
      // Nothing is opened without the confirmation: a usage error, like a missing argument.
      if (!opts.yes)
        command.error('error: deleting an organization cannot be undone; add --yes to confirm', { exitCode: 2 });
      return withContext(async (container): Promise<void> => {
        const removed = await container.orgs.remove(id);
        if (opts.json) return printJson({ organization: removed });
        const rows = Object.values(removed.deleted).reduce((a, b) => a + b, 0);
        write(`deleted organization ${removed.id} (${removed.name}) and ${rows} rows it owned\n`);
      });
    });
}
