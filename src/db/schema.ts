import type { InvitationTable, TagTable, TeamMemberTable, TeamTable, UserTable } from '../admin/admin-tables.js';
import type { ApiKeyLookupTable, ApiKeyTable } from '../auth/auth-tables.js';
import type {
  StaffAuthSettingsTable,
  StaffCredentialTable,
  StaffSessionTable,
  StaffTokenTable,
} from '../auth/staff-tables.js';
import type { AiCreditLedgerTable, PlanTable, TicketUsageTable } from '../billing/billing-tables.js';
import type { CustomerCountTable, CustomerTable } from '../customers/customer-tables.js';
import type { IdempotencyKeyTable } from '../idempotency/idempotency-tables.js';
import type { MailboxRouteTable, MailboxTable } from '../mail/mail-tables.js';
import type { EmailOutboxTable } from '../mail/outbox-tables.js';
import type { NoteTable } from '../notes/note-tables.js';
import type { EventTable, InstallationSecretTable } from '../events/event-tables.js';
import type { OrganizationCounterTable, OrganizationTable } from '../orgs/org-tables.js';
import type { MessageTable, TicketCountTable, TicketTable, TicketTagTable } from '../tickets/ticket-tables.js';
import type { WebhookDeliveryTable, WebhookDeliveryTotalTable, WebhookTable } from '../webhooks/webhook-tables.js';

// The whole database as Kysely sees it, assembled from each domain's *-tables.ts (type-only files
// that import nothing but column types, so this is the one place the db layer names the domains).

export type { Millis } from './column-types.js';

export interface Database {
  organizations: OrganizationTable;
  organization_counters: OrganizationCounterTable;
  ticket_counts: TicketCountTable;
  api_keys: ApiKeyTable;
  api_key_lookup: ApiKeyLookupTable;
  users: UserTable;
  teams: TeamTable;
  team_members: TeamMemberTable;
  tags: TagTable;
  customers: CustomerTable;
  customer_counts: CustomerCountTable;
  tickets: TicketTable;
  messages: MessageTable;
  notes: NoteTable;
  ticket_tags: TicketTagTable;
  webhooks: WebhookTable;
  webhook_deliveries: WebhookDeliveryTable;
  plans: PlanTable;
  ticket_usage: TicketUsageTable;
  invitations: InvitationTable;
  ai_credit_ledger: AiCreditLedgerTable;
  idempotency_keys: IdempotencyKeyTable;
  events: EventTable;
  webhook_delivery_totals: WebhookDeliveryTotalTable;
  installation_secrets: InstallationSecretTable;
  staff_credentials: StaffCredentialTable;
  staff_sessions: StaffSessionTable;
  staff_tokens: StaffTokenTable;
  staff_auth_settings: StaffAuthSettingsTable;
  mailboxes: MailboxTable;
  mailbox_routes: MailboxRouteTable;
  email_outbox: EmailOutboxTable;
}
