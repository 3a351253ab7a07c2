import { Command, InvalidArgumentError } from 'commander';
import { createApiKeyService, parseScopes } from './auth/api-key-service.js';
import { registerBillingCommands } from './billing/billing-commands.js';
import { withContext } from './cli/cli-context.js';
import { registerWorkerCommand } from './cli/worker-command.js';
import { ConfigError, loadConfig } from './config.js';
import { isDatabaseUnavailable, openDatabase } from './db/database.js';
import { MigrationError, migrateToLatest } from './db/migrator.js';
import { createOrgService } from './orgs/org-service.js';
import { findOrganization } from './orgs/org-store.js';
import { serve } from './server.js';
import { AppError } from './shared/errors.js';

const print = (value: unknown): void => void process.stdout.write(JSON.stringify(value) + "\n");

const program = new Command('helpdesk')
  .description('Helpdesk ticketing service: API server, webhook worker and administration')
  .showHelpAfterError();

program
  .command('serve')
  .description('run the HTTP API (with an in-process webhook worker unless --no-worker)')
  .option('--no-worker', 'do not deliver webhooks from this process')
  .action(async (opts: { worker: boolean }) => {
    await serve(loadConfig(), { worker: opts.worker });
  });

registerWorkerCommand(program);

program
  .command('migrate')
  .description('bring the database schema up to date')
  .action(async () => {
    const config = loadConfig();
    const database = openDatabase(config.database, { poolSize: 1 });
    try {
      const result = await migrateToLatest(database.db, database.dialect);
      const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
      process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'schema is up to date\n');
    } finally {
      await database.close();
    }
  });

const nonEmpty = (value: string) => {
  if (value.trim() === '') throw new InvalidArgumentError('must not be empty');
  return value.trim();
};

const orgs = program.command('orgs').description('manage organizations');
orgs
  .command('create')
  .description('create an organization and one API key with every scope')
  .requiredOption('--name <name>', 'organization name', nonEmpty)
  .option('--json', 'print one JSON object')
  .action((opts: { name: string; json?: boolean }) =>
    withContext(async ({ database, clock }): Promise<void> => {
      const created = await createOrgService({ database, clock }).create(opts.name);
      const { id, token, scopes } = created.api_key;
      if (opts.json) return print({ organization: created.organization, api_key: { id, token, scopes } });
      process.stdout.write(
        `organization ${created.organization.id} (${created.organization.name})\n` +
          `API key ${id}\n  token:  ${token}\n  scopes: ${scopes.join(', ')}\n` +
          'The token is shown only once.\n',
      );
    }),
  );

const keys = program.command('keys').description('manage API keys');
keys
  .command('create')
  .description('create an API key for an organization')
  .requiredOption('--org <id>', 'organization id')
  .requiredOption('--scopes <list>', 'comma-separated scopes, e.g. tickets:read,tickets:write')
  .option('--name <name>', 'a label for the key')
  .option('--json', 'print one JSON object')
  .action((opts: { org: string; scopes: string; name?: string; json?: boolean }) =>
    withContext(async ({ database, clock }): Promise<void> => {
      const scopes = parseScopes(opts.scopes);
      if (!(await findOrganization(database.db, opts.org))) throw new AppError(404, 'not_found', `organization ${opts.org} not found`);
      const key = await createApiKeyService({ database, clock }).create(opts.org, scopes, opts.name ?? null);
      const { id, token, name } = key;
      if (opts.json) return print({ api_key: { id, token, name, scopes: key.scopes, created_at: key.created_at } });
      process.stdout.write(`API key ${id}\n  token:  ${token}\n  scopes: ${key.scopes.join(', ')}\nThe token is shown only once.\n`);
    }),
  );
keys
  .command('list')
  .description("list an organization's API keys (never their secrets)")
  .requiredOption('--org <id>', 'organization id')
  .option('--json', 'print one JSON object')
  .action((opts: { org: string; json?: boolean }) =>
    withContext(async ({ database, clock }): Promise<void> => {
      if (!(await findOrganization(database.db, opts.org))) throw new AppError(404, 'not_found', `organization ${opts.org} not found`);
      const list = await createApiKeyService({ database, clock }).list(opts.org);
      if (opts.json) return print({ api_keys: list });
      for (const k of list) {
        const state = k.revoked_at ? `revoked ${k.revoked_at}` : 'active';
        process.stdout.write(`${k.id}  ${k.prefix}…  ${state}  ${k.scopes.join(',')}  ${k.name ?? ''}\n`);
      }
      if (list.length === 0) process.stdout.write('no API keys\n');
    }),
  );
keys
  .command('revoke')
  .description('revoke an API key; it stops working at once')
  .argument('<key-id>', 'API key id')
  .option('--json', 'print one JSON object')
  .action((keyId: string, opts: { json?: boolean }) =>
    withContext(async ({ database, clock }): Promise<void> => {
      const key = await createApiKeyService({ database, clock }).revoke(keyId);
      if (opts.json) return print({ api_key: key });
      process.stdout.write(`revoked API key ${key.id}\n`);
    }),
  );

registerBillingCommands(program, withContext);

program.parseAsync(process.argv).catch((err: unknown) => {
  if (err instanceof ConfigError) process.stderr.write(`configuration error: ${err.message}\n`);
  else if (err instanceof MigrationError) process.stderr.write(`${err.message}\n`);
  else if (err instanceof AppError) process.stderr.write(`error: ${err.message}\n`);
  else if (isDatabaseUnavailable(err)) process.stderr.write(`error: cannot reach the database (DATABASE_URL): ${(err as Error).message}\n`);
  else if ((err as { code?: string }).code === 'EADDRINUSE' || (err as { code?: string }).code === 'EACCES') {
    process.stderr.write(`error: cannot listen: ${(err as Error).message}\n`);
  }
  else process.stderr.write(`error: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
