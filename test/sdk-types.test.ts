import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  buildOpenapiDocument,
  generateSdkTypes,
  SDK_DOCUMENT_PATH,
  SDK_TYPES_PATH,
} from '../scripts/openapi-source.js';

// The SDK's committed types (and the document beside them) are what the server's routes generate
// today: after changing a route or schema, run `npm run sdk:generate` and commit the result.

describe('SDK types', () => {
  it('packages/sdk/src/openapi.ts and openapi.json equal a fresh generation from the server', async () => {
    const document = await buildOpenapiDocument();
    const hint = 'stale: run `npm run sdk:generate`';
    expect(JSON.parse(await readFile(SDK_DOCUMENT_PATH, 'utf8')), hint).toEqual(document);
    expect(await readFile(SDK_TYPES_PATH, 'utf8'), hint).toBe(await generateSdkTypes(document));
  });
});
