import type { Millis } from '../db/column-types.js';

// Kysely table type of stored idempotent answers.

export interface IdempotencyKeyTable {
  organization_id: string;
  idempotency_key: string;
  method: string;
  path: string;
  /** SHA-256 of the request body in canonical JSON (keys sorted): JSON-equal bodies match. */
  body_hash: string;
  /** The reservation of the request that runs (or ran) with this key. */
  lease_token: string | null;
  /** Until when that reservation holds; past it another request may take the key over. */
  locked_until: Millis | null;
  /** Null while the first request runs. */
  status_code: number | null;
  response_body: string | null;
  created_at: Millis;
  expires_at: Millis;
}
