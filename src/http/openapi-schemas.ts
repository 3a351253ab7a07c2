import type { TSchema } from 'typebox';
import { AttachmentSchema } from '../attachments/attachment-schemas.js';
import { ApiKey, CreateApiKeyBody, CreatedApiKey } from '../admin/api-key-schemas.js';
import {
  AcceptInvitationBody,
  AcceptedInvitation,
  CreatedInvitation,
  CreateInvitationBody,
  Invitation,
  UpdateInvitationBody,
} from '../admin/invitation-schemas.js';
import { CreateTagBody, Tag, UpdateTagBody } from '../admin/tag-schemas.js';
import { CreateTeamBody, Team, TeamMember, UpdateTeamBody } from '../admin/team-schemas.js';
import { CreateUserBody, UpdateUserBody, User } from '../admin/user-schemas.js';
import {
  AcceptInvitationBody as AcceptInvitationWithPasswordBody,
  ChangePasswordBody,
  CodeBody,
  LoginBody,
  OrganizationSecurity,
  ResetPasswordBody,
  SessionSchema,
  SetupBody,
  SignedInData,
  TotpConfirmed,
  TotpStarted,
} from '../auth/staff-schemas.js';
import { Usage } from '../billing/billing-schemas.js';
import { CreateCustomerBody, Customer, UpdateCustomerBody } from '../customers/customer-schemas.js';
import { EventSchema } from '../events/event-schemas.js';
import {
  CreateMailboxBody,
  MailboxSchema,
  MailboxWithUrlSchema,
  TestMailBody,
  TestMailResultSchema,
  UpdateMailboxBody,
} from '../mail/mailbox-schemas.js';
import { ChatBody, FeedbackBody, HandoffBody } from '../help-center/chat-schemas.js';
import {
  ArticleSchema,
  AssistantReportSchema,
  CollectionSchema,
  CreateArticleBody,
  CreateCollectionBody,
  RevisionSchema,
  UpdateArticleBody,
  UpdateCollectionBody,
} from '../knowledge/kb-schemas.js';
import { OrganizationSchema, UpdateOrganizationBody } from '../orgs/org-schemas.js';
import { AddNoteBody, NoteSchema } from '../notes/note-schemas.js';
import { PresenceBody } from '../presence/presence-schemas.js';
import { ErrorResponse, PaginationMetaSchema } from '../shared/schemas.js';
import {
  AddMessageBody,
  CreateTicketBody,
  MessageSchema,
  TicketListItemSchema,
  TicketSchema,
  UpdateTicketBody,
} from '../tickets/ticket-schemas.js';
import {
  CreateWebhookBody,
  CreatedWebhookSchema,
  DeliverySchema,
  QueuedDeliverySchema,
  RotatedWebhookSchema,
  RotateSecretBody,
  SubscribeBody,
  SubscriptionSchema,
  UnsubscribeBody,
  UpdateWebhookBody,
  WebhookSchema,
} from '../webhooks/webhook-schemas.js';
import {
  AddVisitorMessageBody,
  AssistantBody as VisitorAssistantBody,
  ConversationSchema,
  CreateConversationBody,
  HandoffBody as VisitorHandoffBody,
  SeenBody,
  SessionBody as VisitorSessionBody,
  SessionSchema as VisitorSessionSchema,
  VisitorMessageSchema,
} from '../widgets/visitor-schemas.js';
import { CreateWidgetBody, UpdateWidgetBody, WidgetSchema, WidgetWithSecretSchema } from '../widgets/widget-schemas.js';

// The names the OpenAPI document gives to the TypeBox schemas the routes use (components.schemas), so
// that generated clients get a `Ticket` or `CreateTicketInput` type rather than anonymous inline shapes.
// The document only: routes keep validating and serializing with the schema objects themselves (no
// $ref at run time), and openapi-plugin.ts replaces each occurrence of one of these objects (by
// identity) in a route's schema with a reference to its component. A schema a route builds on the fly
// (Nullable(x), Type.Partial(x)) is another object, so it stays inline unless it is named here itself.
export const NAMED_SCHEMAS: Record<string, TSchema> = {
  // resources
  Ticket: TicketSchema,
  TicketListItem: TicketListItemSchema,
  Message: MessageSchema,
  Attachment: AttachmentSchema,
  Note: NoteSchema,
  Customer,
  Webhook: WebhookSchema,
  WebhookWithSecret: CreatedWebhookSchema,
  WebhookDelivery: DeliverySchema,
  QueuedWebhookDelivery: QueuedDeliverySchema,
  WebhookWithNewSecret: RotatedWebhookSchema,
  Event: EventSchema,
  WebhookSubscription: SubscriptionSchema,
  Usage,
  User,
  Team,
  TeamMember,
  Tag,
  Invitation,
  AcceptedInvitation,
  InvitationWithAcceptUrl: CreatedInvitation,
  SignedIn: SignedInData,
  StaffSession: SessionSchema,
  TotpEnrolment: TotpStarted,
  TotpRecoveryCodes: TotpConfirmed,
  SignInRules: OrganizationSecurity,
  ApiKey,
  ApiKeyWithToken: CreatedApiKey,
  Widget: WidgetSchema,
  WidgetWithSecret: WidgetWithSecretSchema,
  VisitorSession: VisitorSessionSchema,
  VisitorConversation: ConversationSchema,
  VisitorMessage: VisitorMessageSchema,
  Mailbox: MailboxSchema,
  MailboxWithInboundUrl: MailboxWithUrlSchema,
  MailboxTestMailResult: TestMailResultSchema,
  PaginationMeta: PaginationMetaSchema,
  Error: ErrorResponse,
  Organization: OrganizationSchema,
  KbCollection: CollectionSchema,
  KbArticle: ArticleSchema,
  KbArticleRevision: RevisionSchema,
  KbAssistantReport: AssistantReportSchema,
  // inputs
  CreateTicketInput: CreateTicketBody,
  UpdateOrganizationInput: UpdateOrganizationBody,
  CreateKbCollectionInput: CreateCollectionBody,
  UpdateKbCollectionInput: UpdateCollectionBody,
  CreateKbArticleInput: CreateArticleBody,
  UpdateKbArticleInput: UpdateArticleBody,
  AskAssistantInput: ChatBody,
  HandoffInput: HandoffBody,
  FeedbackInput: FeedbackBody,
  UpdateTicketInput: UpdateTicketBody,
  AddMessageInput: AddMessageBody,
  AddNoteInput: AddNoteBody,
  PresenceInput: PresenceBody,
  CreateCustomerInput: CreateCustomerBody,
  UpdateCustomerInput: UpdateCustomerBody,
  CreateWebhookInput: CreateWebhookBody,
  UpdateWebhookInput: UpdateWebhookBody,
  SubscribeInput: SubscribeBody,
  UnsubscribeInput: UnsubscribeBody,
  RotateSecretInput: RotateSecretBody,
  CreateUserInput: CreateUserBody,
  UpdateUserInput: UpdateUserBody,
  CreateTeamInput: CreateTeamBody,
  UpdateTeamInput: UpdateTeamBody,
  CreateTagInput: CreateTagBody,
  UpdateTagInput: UpdateTagBody,
  CreateInvitationInput: CreateInvitationBody,
  UpdateInvitationInput: UpdateInvitationBody,
  AcceptInvitationInput: AcceptInvitationBody,
  CreateApiKeyInput: CreateApiKeyBody,
  CreateMailboxInput: CreateMailboxBody,
  UpdateMailboxInput: UpdateMailboxBody,
  MailboxTestMailInput: TestMailBody,
  LoginInput: LoginBody,
  SetupInput: SetupBody,
  AcceptInvitationWithPasswordInput: AcceptInvitationWithPasswordBody,
  ResetPasswordInput: ResetPasswordBody,
  ChangePasswordInput: ChangePasswordBody,
  TwoFactorCodeInput: CodeBody,
  CreateWidgetInput: CreateWidgetBody,
  UpdateWidgetInput: UpdateWidgetBody,
  OpenVisitorSessionInput: VisitorSessionBody,
  OpenVisitorConversationInput: CreateConversationBody,
  AddVisitorMessageInput: AddVisitorMessageBody,
  ReportVisitorSeenInput: SeenBody,
  AskVisitorAssistantInput: VisitorAssistantBody,
  HandOffVisitorAssistantInput: VisitorHandoffBody,
};
