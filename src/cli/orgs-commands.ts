import type { Command } from 'commander';
import { nonEmpty } from './arguments.js';
import { withContext } from './cli-context.js';
import { printJson, write } from './output.js';

/** Adds `orgs create` and `orgs list`. */
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
}
