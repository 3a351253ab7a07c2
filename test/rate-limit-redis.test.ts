import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createContainer } from '../src/container.js';
import { loadConfig } from '../src/config.js';
import { createOrgService } from '../src/orgs/org-service.js';
import type { App } from '../src/shared/http.js';
import { api } from './support/api.js';
import { createTestClock, createTestDatabase, type TestDatabase } from './support/harness.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

const available = await redisReachable();
if (!available)
  process.stdout.write(`Redis is not reachable at ${REDIS_URL}: the shared rate-limit store test is SKIPPED\n`);

describe.skipIf(!available)('sqlite: rate limiting shared through Redis', () => {
  let db: TestDatabase;
  let one: App;
  let two: App;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    // A unique limit keeps this run's counters apart from any other run's keys in the shared Redis.
    const env = {
      DATABASE_URL: db.url,
      RATE_LIMIT_PER_MINUTE: String(4 + (randomBytes(1)[0] % 3)),
      REDIS_URL,
      LOG_LEVEL: 'silent',
    };
    const config = loadConfig(env);
    one = await buildApp(createContainer({ config, database: db.handle, clock: createTestClock() }));
    two = await buildApp(createContainer({ config, database: db.handle, clock: createTestClock() }));
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await db?.drop();
  });

  it('two instances share one budget per key', async () => {
    const org = await createOrgService({ database: db.handle, clock: Date.now }).create('Shared');
    const [viaOne, viaTwo] = [api(one, org.api_key.token), api(two, org.api_key.token)];
    const limit = Number((await viaOne.get('/api/v1/customers')).headers['ratelimit-limit']);
    let used = 1;
    while (used < limit) {
      const instance = used % 2 === 0 ? viaOne : viaTwo;
      expect((await instance.get('/api/v1/customers')).status).toBe(200);
      used++;
    }
    const limited = await viaTwo.get('/api/v1/customers');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await viaOne.get('/api/v1/customers')).status).toBe(429);
  });
});
