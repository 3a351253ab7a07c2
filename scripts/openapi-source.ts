import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { openDatabase } from '../src/db/database.js';

// The server's OpenAPI document and the SDK's types generated from it: shared by the generation
// script (npm run sdk:generate) and test/sdk-types.test.ts, which fails when the committed types differ.

export const SDK_TYPES_PATH = new URL('../packages/sdk/src/openapi.ts', import.meta.url);
export const SDK_DOCUMENT_PATH = new URL('../packages/sdk/openapi.json', import.meta.url);

/** The document as GET /openapi.json serves it, from an app over an empty in-memory SQLite database. */
export async function buildOpenapiDocument(): Promise<Record<string, unknown>> {
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' });
  const database = openDatabase({ dialect: 'sqlite', path: ':memory:', url: 'sqlite::memory:' });
  const app = await buildApp(createContainer({ config, database, clock: () => Date.now() }));
  try {
    await app.ready();
    // A deep copy: the caller may not change the app's cached document.
    return JSON.parse(JSON.stringify(app.swagger())) as Record<string, unknown>;
  } finally {
    await app.close();
    await database.close();
  }
}

export async function generateSdkTypes(document: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(document as never, { alphabetize: false, exportType: false });
  const header = "// Generated from the server's OpenAPI document by `npm run sdk:generate`: do not edit.\n\n";
  return formatted(header + astToString(ast));
}

/** The types as the repository's formatter (Biome, whose check every commit passes) writes them. */
function formatted(source: string): string {
  const biome = fileURLToPath(new URL('../node_modules/.bin/biome', import.meta.url));
  return execFileSync(biome, ['format', `--stdin-file-path=${fileURLToPath(SDK_TYPES_PATH)}`], {
    input: source,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}
