import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';
import { freePort } from './ports.js';

// A private PgBouncer for tests (Debian package `pgbouncer`): its own directory with an ini and an
// auth file, a free port on 127.0.0.1, transaction pooling with a small server pool, in front of one
// database of the local PostgreSQL (trust auth). `.ci/run` installs the package when it is missing.

/** The pgbouncer binary on PATH or at Debian's /usr/sbin/pgbouncer (not on a normal user's PATH), or null. */
export function findPgBouncer(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    const candidate = join(dir, 'pgbouncer');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

export interface PgBouncerOptions {
  /** The PostgreSQL database to pool, as a postgres:// URL (host, port, user and database are used). */
  target: string;
  /** Server connections per database/user pair (default 4: transaction pooling must multiplex). */
  poolSize?: number;
}

export interface PgBouncer {
  /** The target database through PgBouncer (same user and database name). */
  url: string;
  port: number;
  /** The database name clients connect to (the target's), as PgBouncer's SHOW commands list it. */
  database: string;
  /** Runs a command on PgBouncer's admin console (SHOW POOLS, SHOW SERVERS, ...) and returns its rows. */
  admin(command: string): Promise<Array<Record<string, any>>>;
  /** What PgBouncer logged so far (its stderr). */
  log(): string;
  /** Stops it (SIGTERM, then waits for the exit) and removes its directory. */
  close(): Promise<void>;
}

function iniFor(target: URL, database: string, port: number, authFile: string, poolSize: number): string {
  return [
    '[databases]',
    `${database} = host=${target.hostname} port=${target.port || '5432'} dbname=${database}`,
    '',
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    // No Unix socket: its default directory (/tmp) and port-named file would be shared with other runs.
    'unix_socket_dir =',
    // The local PostgreSQL trusts 127.0.0.1; PgBouncer's trust still wants the user in auth_file.
    'auth_type = trust',
    `auth_file = ${authFile}`,
    `admin_users = ${decodeURIComponent(target.username || 'postgres')}`,
    'pool_mode = transaction',
    `default_pool_size = ${poolSize}`,
    'min_pool_size = 0',
    'reserve_pool_size = 0',
    'max_client_conn = 500',
    // Deliberately no ignore_startup_parameters: the service must send none PgBouncer does not track.
    'log_connections = 0',
    'log_disconnections = 0',
    '',
  ].join('\n');
}

/** Starts PgBouncer in front of options.target and resolves once it answers a query through the pool. */
export async function startPgBouncer(options: PgBouncerOptions): Promise<PgBouncer> {
  const binary = findPgBouncer();
  if (!binary) throw new Error('pgbouncer is not installed (Debian package pgbouncer)');
  const target = new URL(options.target);
  const database = decodeURIComponent(target.pathname.slice(1));
  const user = decodeURIComponent(target.username || 'postgres');
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-pgbouncer-'));
  // PgBouncer refuses to run as root: it drops to the postgres user (-u), which must read these files.
  chmodSync(dir, 0o755);
  const authFile = join(dir, 'userlist.txt');
  writeFileSync(authFile, `"${user}" ""\n`, { mode: 0o644 });
  const iniFile = join(dir, 'pgbouncer.ini');
  const asRoot = process.getuid?.() === 0;
  let lastError: unknown;
  // A port found free may be taken before PgBouncer binds it: try a few.
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    writeFileSync(iniFile, iniFor(target, database, port, authFile, options.poolSize ?? 4), { mode: 0o644 });
    const child = spawn(binary, [...(asRoot ? ['-u', 'postgres'] : []), iniFile], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let output = '';
    child.on('error', (err) => {
      output += `\nspawn failed: ${String(err)}`;
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      output = (output + chunk).slice(-64 * 1024);
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const url = new URL(options.target);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    try {
      await waitUntilServing(url.toString(), child);
    } catch (err) {
      lastError = new Error(`${err instanceof Error ? err.message : String(err)}\n--- pgbouncer log ---\n${output}`);
      child.kill('SIGTERM');
      await exited;
      continue;
    }
    const killOnExit = () => child.kill('SIGTERM');
    process.once('exit', killOnExit);
    const adminUrl = new URL(url);
    adminUrl.pathname = '/pgbouncer';
    return {
      url: url.toString(),
      port,
      database,
      async admin(command) {
        // The admin console speaks the simple query protocol only: a query without parameters.
        const client = new pg.Client({ connectionString: adminUrl.toString() });
        await client.connect();
        try {
          return (await client.query(command)).rows;
        } finally {
          await client.end();
        }
      },
      log: () => output,
      async close() {
        process.removeListener('exit', killOnExit);
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM'); // PgBouncer's immediate shutdown
          await exited;
        }
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  rmSync(dir, { recursive: true, force: true });
  throw lastError;
}

async function waitUntilServing(url: string, child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`pgbouncer exited (${child.exitCode ?? child.signalCode})`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (err) {
      if (Date.now() > deadline)
        throw new Error(`pgbouncer did not accept connections in ${timeoutMs} ms: ${String(err)}`);
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
