import type { InvitationTable, TagTable, TeamMemberTable, TeamTable, UserTable } from '../admin/admin-tables.js';
import type { AttachmentTable } from '../attachments/attachment-tables.js';
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
import type { InboundEmailTable, MailboxRouteTable, MailboxTable, MailMessageIdTable } from '../mail/mail-tables.js';
import type {
  KbArticleRevisionTable,
  KbArticleSlugTable,
  KbArticleTable,
  KbCollectionTable,
  KbConversationTable,
  KbPassageTable,
  KbTurnTable,
  KbPassageEmbeddingTable,
  KbTermTable,
} from '../knowledge/kb-tables.js';
import type { EmailOutboxTable } from '../mail/outbox-tables.js';
import type { NoteTable } from '../notes/note-tables.js';
import type { EventTable, InstallationSecretTable } from '../events/event-tables.js';
import type { OrganizationCounterTable, OrganizationSlugTable, OrganizationTable } from '../orgs/org-tables.js';
import type { MessageTable, TicketCountTable, TicketTable, TicketTagTable } from '../tickets/ticket-tables.js';
import type {
  WidgetAssistantConversationTable,
  WidgetConversationTable,
  WidgetFollowUpTable,
  WidgetKeyLookupTable,
  WidgetRateWindowTable,
  WidgetTable,
  WidgetVisitorLookupTable,
  WidgetVisitorTable,
} from '../widgets/widget-tables.js';
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
  widgets: WidgetTable;
  widget_key_lookup: WidgetKeyLookupTable;
  widget_visitors: WidgetVisitorTable;
  widget_visitor_lookup: WidgetVisitorLookupTable;
  widget_conversations: WidgetConversationTable;
  widget_follow_ups: WidgetFollowUpTable;
  widget_rate_windows: WidgetRateWindowTable;
  widget_assistant_conversations: WidgetAssistantConversationTable;
  mailboxes: MailboxTable;
  mailbox_routes: MailboxRouteTable;
  inbound_emails: InboundEmailTable;
  mail_message_ids: MailMessageIdTable;
  organization_slugs: OrganizationSlugTable;
  kb_collections: KbCollectionTable;
  kb_articles: KbArticleTable;
  kb_article_slugs: KbArticleSlugTable;
  kb_article_revisions: KbArticleRevisionTable;
  kb_passages: KbPassageTable;
  kb_conversations: KbConversationTable;
  kb_turns: KbTurnTable;
  kb_passage_embeddings: KbPassageEmbeddingTable;
  kb_terms: KbTermTable;
  email_outbox: EmailOutboxTable;
  attachments: AttachmentTable;
}
