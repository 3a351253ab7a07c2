import type { ChildProcess } from 'node:child_process';
import { loadConfig } from '../../src/config.js';
import { createContainer, type Container } from '../../src/container.js';
import { systemClock } from '../../src/shared/clock.js';
import { startCli, stopCli } from './cli-runner.js';
import { createTestDatabase, type TestDatabase } from './harness.js';

/** Compiled `serve --no-worker` processes sharing one throwaway PostgreSQL database, and its organization. */
export interface ServerProcesses {
  testDb: TestDatabase;
  /** An in-process container on the same database, for set-up the API does not offer (links, rows). */
  container: Container;
  organizationId: string;
  /** The organization's API key (every scope). */
  token: string;
  /** Each process's base URL, `http://127.0.0.1:PORT`. */
  bases: string[];
  /** Stops the index-th process (SIGTERM: its shutdown runs); the others keep running. */
  stopOne(index: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts `count` server processes on a new PostgreSQL database (rate limiting off, logs at info so the
 * listening line can be read); `env` adds to or overrides their environment.
 */
export async function startServerProcesses(env: Record<string, string> = {}, count = 2): Promise<ServerProcesses> {
  const testDb = await createTestDatabase('postgres');
  const config = loadConfig({ DATABASE_URL: testDb.url, LOG_LEVEL: 'silent' });
  const container = createContainer({ config, database: testDb.handle, clock: systemClock });
  const created = await container.orgs.create('Two processes');
  const children: ChildProcess[] = [];
  const bases: string[] = [];
  const stop = async () => {
    for (const child of children) await stopCli(child).catch(() => child.kill('SIGKILL'));
    await testDb.drop();
  };
  const serverEnv = {
    DATABASE_URL: testDb.url,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_MINUTE: '0',
    ...env,
  };
  try {
    for (let i = 0; i < count; i++) {
      const server = await startCli(
        ['serve', '--no-worker'],
        serverEnv,
        /Server listening at http:\/\/127\.0\.0\.1:(\d+)/,
      );
      children.push(server.child);
      bases.push(`http://127.0.0.1:${server.match[1]}`);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    testDb,
    container,
    organizationId: created.organization.id,
    token: created.api_key.token,
    bases,
    async stopOne(index: number) {
      await stopCli(children[index]!);
    },
    stop,
  };
}
