// What "running in CI" means for the test run: any value of CI except an empty one, 0 or false
// (CI=true, CI=1, CI=yes, CI=github-actions, ...). Under CI nothing may be skipped: PostgreSQL and
// Redis must be reachable (global-setup.ts) and a run with a skipped test fails (no-skip-reporter.ts).

export function isCI(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.CI;
  if (value === undefined) return false;
  return !['', '0', 'false'].includes(value.trim().toLowerCase());
}

/** The Redis server the shared rate-limit test uses (rate-limit-redis.test.ts reads the same variable). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
