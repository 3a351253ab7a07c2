import type { TenantDb } from '../db/database.js';

// Cached embeddings of passage texts, per model, keyed by a hash of the text (an unchanged section keeps
// its embedding across republishing). Vectors are stored as little-endian Float32 bytes.

// A Buffer (not a bare Uint8Array): better-sqlite3 binds only Buffers as BLOBs.
const toBytes = (v: Float32Array): Buffer => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

function toVector(bytes: Uint8Array): Float32Array {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}

export async function findEmbeddings(
  t: TenantDb,
  model: string,
  hashes: readonly string[],
): Promise<Map<string, Float32Array>> {
  if (hashes.length === 0) return new Map();
  const rows = await t
    .selectFrom('kb_passage_embeddings')
    .select(['content_hash', 'vector'])
    .where('model', '=', model)
    .where('content_hash', 'in', [...hashes])
    .execute();
  return new Map(rows.map((r) => [r.content_hash, toVector(r.vector)]));
}

export async function saveEmbeddings(
  t: TenantDb,
  model: string,
  entries: readonly { hash: string; vector: Float32Array }[],
  now: number,
): Promise<void> {
  if (entries.length === 0) return;
  await t
    .insertInto(
      'kb_passage_embeddings',
      entries.map((e) => ({
        model,
        content_hash: e.hash,
        dims: e.vector.length,
        vector: toBytes(e.vector),
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['organization_id', 'model', 'content_hash']).doNothing())
    .execute();
}
