// Regenerates packages/sdk/src/openapi.ts (and packages/sdk/openapi.json) from the server's routes.
import { writeFile } from 'node:fs/promises';
import { buildOpenapiDocument, generateSdkTypes, SDK_DOCUMENT_PATH, SDK_TYPES_PATH } from './openapi-source.js';

const document = await buildOpenapiDocument();
await writeFile(SDK_DOCUMENT_PATH, `${JSON.stringify(document, null, 2)}\n`);
await writeFile(SDK_TYPES_PATH, await generateSdkTypes(document));
console.log(`wrote ${SDK_TYPES_PATH.pathname} and ${SDK_DOCUMENT_PATH.pathname}`);
