import type { Command } from 'commander';
import { parseScopes } from '../auth/api-key-service.js';
import { withContext } from './cli-context.js';
import { printJson, write } from './output.js';

/** Adds `keys create`, `keys list` and `keys revoke`. */
export function registerKeysCommands(program: Command): void {
  const keys = program.command('keys').description('manage API keys');
  keys
    .command('create')
    .description('create an API key for an organization')
    .requiredOption('--org <id>', 'organization id')
    .requiredOption('--scopes <list>', 'comma-separated scopes, e.g. tickets:read,tickets:write')
    .option('--name <name>', 'a label for the key')
    .option('--json', 'print one JSON object')
    .action((opts: { org: string; scopes: string; name?: string; json?: boolean }) =>
      withContext(async (container): Promise<void> => {
        const scopes = parseScopes(opts.scopes);
        await container.orgs.assertExists(opts.org);
        const key = await container.apiKeys.create(opts.org, scopes, opts.name ?? null);
        const { id, token, name } = key;
        if (opts.json) return printJson({ api_key: { id, token, name, scopes: key.scopes, created_at: key.created_at } });
        write(`API key ${id}\n  token:  ${token}\n  scopes: ${key.scopes.join(', ')}\nThe token is shown only once.\n`);
      }),
    );
  keys
    .command('list')
    .description("list an organization's API keys (never their secrets)")
    .requiredOption('--org <id>', 'organization id')
    .option('--json', 'print one JSON object')
    .action((opts: { org: string; json?: boolean }) =>
      withContext(async (container): Promise<void> => {
        await container.orgs.assertExists(opts.org);
        const list = await container.apiKeys.list(opts.org);
        if (opts.json) return printJson({ api_keys: list });
        for (const k of list) {
          const state = k.revoked_at ? `revoked ${k.revoked_at}` : 'active';
          write(`${k.id}  ${k.prefix}…  ${state}  ${k.scopes.join(',')}  ${k.name ?? ''}\n`);
        }
        if (list.length === 0) write('no API keys\n');
      }),
    );
  keys
    .command('revoke')
    .description('revoke an API key; it stops working at once')
    .argument('<key-id>', 'API key id')
    .option('--json', 'print one JSON object')
    .action((keyId: string, opts: { json?: boolean }) =>
      withContext(async (container): Promise<void> => {
        const key = await container.apiKeys.revokeAnyOrganization(keyId);
        if (opts.json) return printJson({ api_key: key });
        write(`revoked API key ${key.id}\n`);
      }),
    );
}
