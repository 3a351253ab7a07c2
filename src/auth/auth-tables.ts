import type { Millis } from '../db/column-types.js';

// Kysely table types of API keys.

export interface ApiKeyTable {
  id: string;
  organization_id: string;
  name: string | null;
  prefix: string;
  token_hash: string;
  scopes: string; // space-separated
  created_at: Millis;
  last_used_at: Millis | null;
  revoked_at: Millis | null;
}
