import { defineConfig } from 'vitest/config';

// Unit tests only (pure modules, no database): used by Stryker (`npm run test:mutation`).
// No globalSetup: the integration suite under test/ and its databases are not involved.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 5_000,
    reporters: ['default'],
  },
});
