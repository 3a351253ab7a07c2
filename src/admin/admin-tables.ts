import type { Millis } from '../db/column-types.js';

// Kysely table types of the management domain: staff users, teams, tags, invitations.

export interface UserTable {
  organization_id: string;
  id: string;
  name: string;
  email: string;
  email_key: string;
  role: string;
  created_at: Millis;
  updated_at: Millis;
}

export interface TeamTable {
  id: string;
  organization_id: string;
  name: string;
  created_at: Millis;
  updated_at: Millis;
}

export interface TeamMemberTable {
  team_id: string;
  organization_id: string;
  user_id: string;
  created_at: Millis;
}

export interface TagTable {
  id: string;
  organization_id: string;
  name: string;
  name_key: string;
  color: string;
  created_at: Millis;
  updated_at: Millis;
}

export interface InvitationTable {
  id: string;
  organization_id: string;
  email: string;
  email_key: string;
  name: string | null;
  role: string;
  status: string;
  expires_at: Millis;
  user_id: string | null;
  accepted_at: Millis | null;
  revoked_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
}
