import { InvalidArgumentError, type Command } from 'commander';
import { parseScopes } from '../auth/api-key-service.js';
import type { Scope } from '../shared/scopes.js';
import { apiKeyId, organizationId } from './arguments.js';
import { withContext } from './cli-context.js';
import { printJson, write } from './output.js';

/** --scopes: checked before anything runs, so an unknown scope is a usage error (exit 2). */
const scopes = (value: string): Scope[] => {
  try {
    return parseScopes(value);
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message);
  }
};

/** Adds `keys create`, `keys list` and `keys revoke`. */
export function registerKeysCommands(program: Command): void {
  const keys = program.command('keys').description('manage API keys');
  keys
    .command('create')
    .description('create an API key for an organization')
    .requiredOption('--org <id>', 'organization id', organizationId)
    .requiredOption('--scopes <list>', 'comma-separated scopes, e.g. tickets:read,tickets:write', scopes)
    .option('--name <name>', 'a label for the key')
    .option('--json', 'print one JSON object: {"api_key":{"id","token","scopes","name","created_at"}}')
    .action((opts: { org: string; scopes: Scope[]; name?: string; json?: boolean }) =>
      withContext(async (container): Promise<void> => {
        await container.orgs.assertExists(opts.org);
        const key = await container.apiKeys.create(opts.org, opts.scopes, opts.name ?? null);
        const { id, token, name } = key;
        // Nested as `orgs create --json` nests its key (id, token, scopes first), plus this key's
        // name and creation time (README, Command-line tool).
        if (opts.json)
          return printJson({ api_key: { id, token, scopes: key.scopes, name, created_at: key.created_at } });
        write(`API key ${id}\n  token:  ${token}\n  scopes: ${key.scopes.join(', ')}\nThe token is shown only once.\n`);
      }),
    );
  keys
    .command('list')
    .description("list an organization's API keys (never their secrets)")
    .requiredOption('--org <id>', 'organization id', organizationId)
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
    .argument('<key-id>', 'API key id', apiKeyId)
    .option('--json', 'print one JSON object')
    .action((keyId: string, opts: { json?: boolean }) =>
      withContext(async (container): Promise<void> => {
        const key = await container.apiKeys.revokeAnyOrganization(keyId);
        if (opts.json) return printJson({ api_key: key });
        write(`revoked API key ${key.id}\n`);
      }),
    );
}
