import type { Millis } from '../db/column-types.js';

// Kysely table types of staff sign-in (migration 20261128-0100-staff-accounts).

/** A staff user's password hash and two-factor state; one row per user that has any. */
export interface StaffCredentialTable {
  organization_id: string;
  user_id: string;
  /** Argon2id (PHC string); null until a password is set. */
  password_hash: string | null;
  /** The enabled TOTP secret, AES-256-GCM encrypted (staff-secret-box.ts). */
  totp_secret: string | null;
  /** A secret being enrolled, not yet confirmed by a code (encrypted the same way). */
  totp_pending_secret: string | null;
  totp_enabled: number; // 0 or 1
  /** The last 30-second step whose code was accepted: a code is accepted once. */
  totp_last_step: number | null;
  /** JSON array of SHA-256 hashes of the unused recovery codes. */
  recovery_codes: string | null;
  updated_at: Millis;
}

export interface StaffSessionTable {
  organization_id: string;
  /** SHA-256 of the cookie's token: the cookie itself is never stored. */
  token_hash: string;
  /** The session's public id (listing, revoking). */
  id: string;
  user_id: string;
  created_at: Millis;
  last_seen_at: Millis;
  /** The absolute end (created_at + 30 days); the idle end is last_seen_at + 7 days. */
  expires_at: Millis;
  ip: string | null;
  user_agent: string | null;
  revoked_at: Millis | null;
}

export type StaffTokenKind = 'setup' | 'invitation' | 'reset';

/** A single-use link token (setup, invitation, reset), stored only as its hash. */
export interface StaffTokenTable {
  organization_id: string;
  token_hash: string;
  kind: string;
  user_id: string | null;
  invitation_id: string | null;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
}

export interface StaffAuthSettingsTable {
  organization_id: string;
  require_two_factor: number; // 0 or 1
  updated_at: Millis;
}

/** Deployment-wide secrets (not of any organization): the two-factor encryption key without SECRET_KEY. */
export interface ServiceSecretTable {
  name: string;
  value: string;
}
