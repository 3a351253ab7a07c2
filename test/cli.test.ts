import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api } from './support/api.js';
import { cliCommand, runCli, startCli, stopCli } from './support/cli-runner.js';
import { describeEachDialect, ISO_MS, UUID } from './support/harness.js';

describeEachDialect('first start', (ctx) => {
  it('creates a default organization and prints one full-scope key once; a restart prints none', async () => {
    const env = {
      DATABASE_URL: ctx.dbUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '0',
    };
    const first = await startCli(['serve', '--no-worker'], env, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    const output = first.output();
    const tokens = output.match(/hdk_[A-Za-z0-9_-]+/g) ?? [];
    expect(tokens).toHaveLength(1);
    const base = first.match[1];
    const res = await fetch(`${base}/api/v1/customers`, { headers: { authorization: `Bearer ${tokens[0]}` } });
    expect(res.status).toBe(200);
    expect(await stopCli(first.child)).toBe(0);

    const second = await startCli(['serve', '--no-worker'], env, /Server listening at/);
    // The first start printed its key before listening; after a full run of the second (started,
    // listening, stopped) its output holds no key.
    await stopCli(second.child);
    expect(second.output()).toMatch(/Server listening at/);
    expect(second.output()).not.toMatch(/hdk_/);
    const orgs = await ctx.database.db.selectFrom('organizations').select('id').execute();
    expect(orgs).toHaveLength(1);
  });
});

describeEachDialect('command-line tool', (ctx) => {
  const cli = (...args: string[]) => runCli(args, { DATABASE_URL: ctx.dbUrl });

  it('orgs create --json prints exactly one JSON object whose key has every scope', async () => {
    const res = await cli('orgs', 'create', '--name', 'Acme Support', '--json');
    expect(res.code).toBe(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0]);
    expect(out).toEqual({
      organization: { id: expect.stringMatching(UUID), name: 'Acme Support' },
      api_key: {
        id: expect.stringMatching(UUID),
        token: expect.stringMatching(/^hdk_/),
        scopes: [
          'tickets:read',
          'tickets:write',
          'customers:read',
          'customers:write',
          'webhooks:read',
          'webhooks:write',
          'billing:read',
          'events:read',
          'kb:read',
          'kb:write',
          'admin',
        ],
      },
    });
    const listed = await api(ctx.app, out.api_key.token).get('/api/v1/customers');
    expect(listed.status).toBe(200);
  });

  it('keys create, list and revoke', async () => {
    const org = await ctx.createOrg();
    const created = await cli('keys', 'create', '--org', org.id, '--scopes', 'customers:read,tickets:read', '--json');
    expect(created.code).toBe(0);
    const { api_key } = JSON.parse(created.stdout);
    expect(api_key).toMatchObject({
      id: expect.stringMatching(UUID),
      token: expect.stringMatching(/^hdk_/),
      scopes: ['tickets:read', 'customers:read'],
    });
    const withKey = api(ctx.app, api_key.token);
    expect((await withKey.get('/api/v1/customers')).status).toBe(200);
    expect((await withKey.post('/api/v1/customers', { email: 'a@example.com' })).status).toBe(403);

    const listed = await cli('keys', 'list', '--org', org.id);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(api_key.id);
    expect(listed.stdout).not.toContain(api_key.token);
    const listedJson = JSON.parse((await cli('keys', 'list', '--org', org.id, '--json')).stdout);
    expect(listedJson.api_keys).toHaveLength(2);
    expect(JSON.stringify(listedJson)).not.toContain('token');

    const revoked = await cli('keys', 'revoke', api_key.id);
    expect(revoked.code).toBe(0);
    expect((await withKey.get('/api/v1/customers')).status).toBe(401);
    expect((await org.api.get('/api/v1/customers')).status).toBe(200);
  });

  it('refuses unknown scopes and malformed ids as usage errors (exit 2), unknown organizations and keys with exit code 1', async () => {
    const org = await ctx.createOrg();
    const [badScope, malformedOrg, badOrg, malformedKey, badKey] = await Promise.all([
      cli('keys', 'create', '--org', org.id, '--scopes', 'tickets:read,root'),
      cli('keys', 'create', '--org', 'acme', '--scopes', 'tickets:read'),
      cli('keys', 'create', '--org', '00000000-0000-4000-8000-000000000000', '--scopes', 'tickets:read'),
      cli('keys', 'revoke', 'nope'),
      cli('keys', 'revoke', '00000000-0000-4000-8000-000000000000'),
    ]);
    expect(badScope.code).toBe(2);
    expect(badScope.stderr).toMatch(/unknown scope root/);
    expect(malformedOrg.code).toBe(2);
    expect(malformedOrg.stderr).toMatch(/argument 'acme' is invalid\. an organization id is a UUID/);
    expect(badOrg.code).toBe(1);
    expect(badOrg.stderr).toMatch(/organization .* not found/);
    expect(malformedKey.code).toBe(2);
    expect(malformedKey.stderr).toMatch(/an API key id is a UUID/);
    expect(badKey.code).toBe(1);
    expect(badKey.stderr).toMatch(/not found/);
    // Nothing was created by the refused commands.
    const keys = await ctx.database.db
      .selectFrom('api_keys')
      .select('id')
      .where('organization_id', '=', org.id)
      .execute();
    expect(keys).toHaveLength(1);
  });

  it('keys create --json nests the key as orgs create --json does: {"api_key":{"id","token","scopes",…}}', async () => {
    const org = await ctx.createOrg();
    const made = JSON.parse((await cli('orgs', 'create', '--name', 'Shape Org', '--json')).stdout);
    const res = await cli('keys', 'create', '--org', org.id, '--scopes', 'tickets:read', '--name', 'ci', '--json');
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout.trim().split('\n')).toHaveLength(1);
    const out = JSON.parse(res.stdout);
    expect(out).toEqual({
      api_key: {
        id: expect.stringMatching(UUID),
        token: expect.stringMatching(/^hdk_/),
        scopes: ['tickets:read'],
        name: 'ci',
        created_at: expect.stringMatching(ISO_MS),
      },
    });
    expect(Object.keys(out.api_key).slice(0, 3)).toEqual(Object.keys(made.api_key));
  });

  it('orgs list shows what orgs create made, oldest first; --json prints one object', async () => {
    const made = JSON.parse((await cli('orgs', 'create', '--name', 'Listed Org', '--json')).stdout);
    const res = await cli('orgs', 'list', '--json');
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout.trim().split('\n')).toHaveLength(1);
    const { organizations } = JSON.parse(res.stdout) as {
      organizations: { id: string; name: string; created_at: string }[];
    };
    const listed = organizations.find((o) => o.id === made.organization.id);
    expect(listed).toEqual({ id: made.organization.id, name: 'Listed Org', created_at: expect.stringMatching(ISO_MS) });
    for (const org of organizations) expect(Object.keys(org)).toEqual(['id', 'name', 'created_at']);
    const times = organizations.map((o) => o.created_at);
    expect(times).toEqual([...times].sort());

    const text = await cli('orgs', 'list');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(`${listed!.id}  ${listed!.created_at}  Listed Org\n`);
    expect(text.stdout.trim().split('\n')).toHaveLength(organizations.length);
  });

  it('migrate reports an up-to-date schema', async () => {
    const res = await cli('migrate');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/up to date|applied/);
  });
});

it('rejects invalid configuration with a clear message and exit code 1', async () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ DATABASE_URL: 'mysql://localhost/x' }, /DATABASE_URL must start with postgres:\/\/ .* or sqlite:/],
    [{ PORT: 'eighty' }, /PORT must be a whole number/],
    [{ RATE_LIMIT_PER_MINUTE: '-1' }, /RATE_LIMIT_PER_MINUTE must be a whole number/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
  ];
  for (const [env, message] of cases) {
    const res = await runCli(['migrate'], env);
    expect(res.code, JSON.stringify(env)).toBe(1);
    expect(res.stderr).toMatch(/^configuration error: /);
    expect(res.stderr).toMatch(message);
  }
});

it('says plainly when the database cannot be reached (exit code 1, no stack trace)', async () => {
  const res = await runCli(['migrate'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' });
  expect(res.code).toBe(1);
  expect(res.stderr.trim()).toMatch(/^error: cannot reach the database \(DATABASE_URL\): .*ECONNREFUSED/);
  expect(res.stderr).not.toMatch(/\n\s+at /);
});

it('--version and -V print the package version (read next to the compiled file, whatever the working directory)', async () => {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  for (const flag of ['--version', '-V']) {
    const res = await runCli([flag], {});
    expect(res.code).toBe(0);
    expect(res.stdout).toBe(`${version}\n`);
  }
  expect(execFileSync(...cliCommand(['--version']), { cwd: tmpdir(), encoding: 'utf8' })).toBe(`${version}\n`);
});

it('orgs list on an empty database says so', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-cli-'));
  try {
    const url = `sqlite:${join(dir, 'empty.db')}`;
    expect(await runCli(['orgs', 'list'], { DATABASE_URL: url })).toMatchObject({
      code: 0,
      stdout: 'no organizations\n',
    });
    expect(await runCli(['orgs', 'list', '--json'], { DATABASE_URL: url })).toMatchObject({
      code: 0,
      stdout: '{"organizations":[]}\n',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('command-line usage', () => {
  it("a usage error exits 2 with the error and a one-line hint naming the command's help, not the whole help", async () => {
    const cases: [string[], RegExp, string][] = [
      [
        ['keys', 'list', '--org', '0b5e2a8c-3f1d-4c6e-9a7b-1d2e3f4a5b6c', '--bogus'],
        /^error: unknown option '--bogus'$/,
        'helpdesk keys list',
      ],
      [
        ['keys', 'create', '--org', '0b5e2a8c-3f1d-4c6e-9a7b-1d2e3f4a5b6c'],
        /^error: required option '--scopes <list>' not specified$/,
        'helpdesk keys create',
      ],
      [
        ['plans', 'show', '--org', 'not-an-id'],
        /^error: option '--org <id>' argument 'not-an-id' is invalid\. an organization id is a UUID/,
        'helpdesk plans show',
      ],
      [
        ['credits', 'purchase', '--org', '0b5e2a8c-3f1d-4c6e-9a7b-1d2e3f4a5b6c', '--amount', 'ten'],
        /argument 'ten' is invalid\. must be a whole number/,
        'helpdesk credits purchase',
      ],
      [['tickets'], /^error: unknown command 'tickets'$/, 'helpdesk'],
    ];
    const results = await Promise.all(cases.map(([args]) => runCli(args, { DATABASE_URL: 'sqlite::memory:' })));
    results.forEach((res, i) => {
      const [args, message, path] = cases[i];
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stdout).toBe('');
      const lines = res.stderr.trim().split('\n');
      expect(lines, res.stderr).toHaveLength(2);
      expect(lines[0]).toMatch(message);
      expect(lines[1]).toBe(`(run \`${path} --help\` for usage)`);
    });
  });

  it('--help lists the environment variables and exit codes, for every command; exit 0', async () => {
    for (const args of [['--help'], ['keys', 'create', '--help']]) {
      const res = await runCli(args, {});
      expect(res.code).toBe(0);
      for (const name of [
        'DATABASE_URL',
        'REDIS_URL',
        'LOG_LEVEL',
        'TRUST_PROXY',
        'METRICS_ENABLED',
        'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS',
        'WEBHOOK_TIMEOUT_MS',
      ]) {
        expect(res.stdout).toContain(`  ${name}`);
      }
      expect(res.stdout).toMatch(/Exit codes: 0 success, 1 the command failed, 2 usage error/);
    }
  });
});
