import type { ColumnType, Generated } from 'kysely';

// Timestamps are stored as epoch milliseconds (bigint on PostgreSQL, integer on SQLite) so both
// dialects keep millisecond precision and compare the same way.
export type Millis = number;

export interface OrganizationTable {
  id: string;
  name: string;
  created_at: Millis;
}

export interface OrganizationCounterTable {
  organization_id: string;
  ticket_seq: number;
  customer_count: number;
}

// Ticket totals per (status, priority) kept in the same transaction as each change, so list totals
// never need a COUNT(*) over the organization's tickets.
export interface TicketCountTable {
  organization_id: string;
  status: string;
  priority: string;
  count: number;
}

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

export interface CustomerTable {
  rid: Generated<number>;
  id: string;
  organization_id: string;
  email: string;
  email_key: string;
  name: string | null;
  external_user_id: string | null;
  external_organization_id: string | null;
  external_organization_name: string | null;
  avatar_url: string | null;
  metadata: string; // JSON text
  ticket_count: ColumnType<number, number | undefined, number>;
  created_at: Millis;
  updated_at: Millis;
}

export interface TicketTable {
  rid: Generated<number>;
  id: string;
  organization_id: string;
  number: number;
  subject: string;
  status: string;
  priority: string;
  channel: string;
  customer_id: string;
  assignee_id: string | null;
  team_id: string | null;
  external_organization_id: string | null;
  external_organization_name: string | null;
  message_count: ColumnType<number, number | undefined, number>;
  created_at: Millis;
  updated_at: Millis;
  closed_at: Millis | null;
}

export interface MessageTable {
  rid: Generated<number>;
  id: string;
  organization_id: string;
  ticket_id: string;
  type: string;
  content: string;
  author_type: string | null;
  author_id: string | null;
  author_email: string | null;
  author_name: string | null;
  created_at: Millis;
}

export interface TicketTagTable {
  ticket_id: string;
  tag_id: string;
  organization_id: string;
  created_at: Millis;
}

export interface Database {
  organizations: OrganizationTable;
  organization_counters: OrganizationCounterTable;
  ticket_counts: TicketCountTable;
  api_keys: ApiKeyTable;
  users: UserTable;
  teams: TeamTable;
  team_members: TeamMemberTable;
  tags: TagTable;
  customers: CustomerTable;
  tickets: TicketTable;
  messages: MessageTable;
  ticket_tags: TicketTagTable;
}
