import type { ErrorCode } from '../shared/errors.js';

// The one table of the API's operations for the OpenAPI document, keyed by "METHOD /path" as the
// document writes the path. Each operation gets its stable operationId (generated clients name their
// methods after it: never rename one), the description of its success answer, and the error answers
// only it can give. The errors every operation of its kind gives are derived in openapi-document.ts
// (400, 408, 417 and 431 for any request; 401, 403 insufficient_scope, 429 and 503 when authenticated;
// 404 with a path id; 413 and 415 when a body is read). test/openapi-document.test.ts fails when a route has no
// entry here, or an entry names no route: a new route must be added to this table.

export interface OperationEntry {
  operationId: string;
  /** The success answer's description. */
  ok: string;
  /** Descriptions of other answers the route's schema declares (not errors in the error shape). */
  responses?: Record<string, string>;
  /** For routes whose schema has no summary of its own. */
  summary?: string;
  /** The request body may be left out altogether (the document then marks it not required). */
  optionalBody?: true;
  /** Error answers beyond the derived ones, by status. */
  errors?: Partial<Record<number, ErrorCode[]>>;
}

const planLimit = { 403: ['plan_limit_exceeded'] } as const satisfies OperationEntry['errors'];
const conflict = { 409: ['conflict'] } as const satisfies OperationEntry['errors'];
// The chat widget's visitor routes: no API key, but an origin check, budgets and (after the session
// route) the visitor's token, which may name a widget that now requires identified visitors.
const visitorErrors = {
  403: ['origin_not_allowed'],
  429: ['rate_limited'],
  503: ['service_unavailable'],
} as const satisfies OperationEntry['errors'];
const visitorAuthErrors = {
  ...visitorErrors,
  401: ['unauthorized', 'identity_required'],
  404: ['not_found'],
} as const satisfies OperationEntry['errors'];

export const OPERATIONS: Record<string, OperationEntry> = {
  'GET /metrics': {
    operationId: 'getMetrics',
    ok: 'Prometheus text exposition (no authentication; off with METRICS_ENABLED=false)',
  },
  'GET /healthz': { operationId: 'getHealth', ok: 'The process is up', summary: 'Liveness: the process answers' },
  'GET /readyz': {
    operationId: 'getReadiness',
    ok: 'The database answers',
    responses: { 503: 'The database is unreachable' },
    summary: 'Readiness: the database answers',
  },

  'POST /api/v1/tickets': {
    operationId: 'createTicket',
    ok: 'The created ticket with its first message',
    errors: planLimit,
  },
  'GET /api/v1/tickets': { operationId: 'listTickets', ok: 'One page of tickets (without messages)' },
  'GET /api/v1/tickets/{ticket_id}': { operationId: 'getTicket', ok: 'The ticket with all its messages' },
  'PATCH /api/v1/tickets/{ticket_id}': {
    operationId: 'updateTicket',
    ok: 'The ticket after the update, with all its messages',
  },
  'POST /api/v1/tickets/{ticket_id}/messages': { operationId: 'addTicketMessage', ok: 'The added message' },
  'GET /api/v1/attachments/{attachment_id}': {
    operationId: 'downloadAttachment',
    ok: 'The file, as a download (`Content-Disposition: attachment`)',
  },
  'POST /api/v1/tickets/{ticket_id}/notes': { operationId: 'addTicketNote', ok: 'The added internal note' },
  'GET /api/v1/tickets/{ticket_id}/notes': {
    operationId: 'listTicketNotes',
    ok: 'Every internal note of the ticket, oldest first',
  },

  'GET /api/v1/organization': { operationId: 'getOrganization', ok: "The caller's organization" },
  'PATCH /api/v1/organization': { operationId: 'updateOrganization', ok: 'The changed organization', errors: conflict },
  'GET /api/v1/kb/collections': { operationId: 'listKbCollections', ok: 'Every collection, by position' },
  'POST /api/v1/kb/collections': { operationId: 'createKbCollection', ok: 'The created collection' },
  'GET /api/v1/kb/collections/{collection_id}': { operationId: 'getKbCollection', ok: 'The collection' },
  'PATCH /api/v1/kb/collections/{collection_id}': { operationId: 'updateKbCollection', ok: 'The changed collection' },
  'DELETE /api/v1/kb/collections/{collection_id}': {
    operationId: 'deleteKbCollection',
    ok: 'The collection was deleted',
    errors: conflict,
  },
  'GET /api/v1/kb/articles': { operationId: 'listKbArticles', ok: 'One page of articles' },
  'POST /api/v1/kb/articles': { operationId: 'createKbArticle', ok: 'The created article', errors: conflict },
  'GET /api/v1/kb/articles/{article_id}': { operationId: 'getKbArticle', ok: 'The article' },
  'PATCH /api/v1/kb/articles/{article_id}': {
    operationId: 'updateKbArticle',
    ok: 'The changed article',
    errors: conflict,
  },
  'DELETE /api/v1/kb/articles/{article_id}': { operationId: 'deleteKbArticle', ok: 'The article was deleted' },
  'GET /api/v1/kb/articles/{article_id}/revisions': {
    operationId: 'listKbArticleRevisions',
    ok: "The article's revisions, newest first",
  },
  'POST /api/v1/kb/articles/{article_id}/revisions/{revision_id}/restore': {
    operationId: 'restoreKbArticleRevision',
    ok: 'The article with the revision restored',
    optionalBody: true,
  },
  'GET /api/v1/kb/assistant-report': {
    operationId: 'getKbAssistantReport',
    ok: "The assistant's report over the period",
  },
  'GET /help/{slug}/api/search': { operationId: 'searchHelpCenter', ok: 'Matching published articles, best first' },
  'POST /help/{slug}/api/chat': {
    operationId: 'askHelpCenterAssistant',
    ok: 'The answer (JSON, or server-sent events with Accept: text/event-stream)',
    errors: { 429: ['rate_limited'] },
  },
  'POST /help/{slug}/api/chat/{conversation_id}/handoff': {
    operationId: 'handOffHelpCenterConversation',
    ok: 'The ticket opened for the conversation',
  },
  'POST /help/{slug}/api/chat/{conversation_id}/feedback': {
    operationId: 'sendHelpCenterFeedback',
    ok: 'The feedback was recorded',
  },

  'POST /api/v1/customers': { operationId: 'createCustomer', ok: 'The created customer', errors: conflict },
  'GET /api/v1/customers': { operationId: 'listCustomers', ok: 'One page of customers' },
  'GET /api/v1/customers/{customer_id}': { operationId: 'getCustomer', ok: 'The customer' },
  'PATCH /api/v1/customers/{customer_id}': {
    operationId: 'updateCustomer',
    ok: 'The customer after the update',
    errors: conflict,
  },
  'DELETE /api/v1/customers/{customer_id}': {
    operationId: 'deleteCustomer',
    ok: 'The customer and its tickets are deleted',
  },

  'GET /api/v1/webhooks': { operationId: 'listWebhooks', ok: 'Every webhook of the organization (no secrets)' },
  'POST /api/v1/webhooks': {
    operationId: 'createWebhook',
    ok: 'The created webhook with its signing secret',
    errors: planLimit,
  },
  'POST /api/v1/webhooks/subscribe': { operationId: 'subscribeWebhook', ok: 'The subscription', errors: planLimit },
  'POST /api/v1/webhooks/unsubscribe': {
    operationId: 'unsubscribeWebhook',
    ok: 'Unsubscribed (also when nothing matched)',
  },
  'GET /api/v1/webhooks/{webhook_id}': { operationId: 'getWebhook', ok: 'The webhook (no secret)' },
  'PATCH /api/v1/webhooks/{webhook_id}': { operationId: 'updateWebhook', ok: 'The webhook after the update' },
  'DELETE /api/v1/webhooks/{webhook_id}': { operationId: 'deleteWebhook', ok: 'The webhook is deleted' },
  'GET /api/v1/webhooks/{webhook_id}/deliveries': {
    operationId: 'listWebhookDeliveries',
    ok: 'One page of delivery records',
  },
  'POST /api/v1/webhooks/{webhook_id}/test': {
    operationId: 'testWebhook',
    ok: 'The queued webhook.test delivery (status null until its first attempt)',
  },
  'POST /api/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/retry': {
    operationId: 'retryWebhookDelivery',
    ok: 'The new delivery of the same event (same webhook-id, byte-identical body)',
  },
  'POST /api/v1/webhooks/{webhook_id}/rotate-secret': {
    operationId: 'rotateWebhookSecret',
    ok: 'The webhook with its new signing secret',
    optionalBody: true,
  },
  'GET /api/v1/events': {
    operationId: 'listEvents',
    ok: 'Events after the cursor, oldest first, with next_cursor and has_more',
  },
  'POST /api/v1/tickets/{ticket_id}/presence': {
    operationId: 'reportTicketPresence',
    ok: 'Reported: sent to the live event streams as a presence message, holding about 30 seconds',
    errors: { 404: ['not_found'] },
  },
  'GET /api/v1/events/stream': {
    operationId: 'streamEvents',
    ok: 'Server-Sent Events: each event of the log as one message (id: its cursor, event: its type, data: the event), presence messages, a comment at least every 20 seconds',
  },

  'GET /api/v1/billing/usage': { operationId: 'getUsage', ok: "The current month's usage against the plan" },

  'POST /api/v1/users': {
    operationId: 'createUser',
    ok: 'The created staff user',
    errors: { ...planLimit, ...conflict },
  },
  'GET /api/v1/users': { operationId: 'listUsers', ok: 'One page of staff users' },
  'GET /api/v1/users/{id}': { operationId: 'getUser', ok: 'The staff user' },
  'PATCH /api/v1/users/{id}': { operationId: 'updateUser', ok: 'The staff user after the update', errors: conflict },
  'DELETE /api/v1/users/{id}': { operationId: 'deleteUser', ok: 'The staff user is deleted' },

  'POST /api/v1/teams': { operationId: 'createTeam', ok: 'The created team with its members' },
  'GET /api/v1/teams': { operationId: 'listTeams', ok: 'One page of teams' },
  'GET /api/v1/teams/{id}': { operationId: 'getTeam', ok: 'The team with its members' },
  'PATCH /api/v1/teams/{id}': { operationId: 'updateTeam', ok: 'The team after the update' },
  'DELETE /api/v1/teams/{id}': { operationId: 'deleteTeam', ok: 'The team is deleted' },

  'POST /api/v1/tags': { operationId: 'createTag', ok: 'The created tag', errors: conflict },
  'GET /api/v1/tags': { operationId: 'listTags', ok: 'Every tag, by name' },
  'GET /api/v1/tags/{id}': { operationId: 'getTag', ok: 'The tag' },
  'PATCH /api/v1/tags/{id}': { operationId: 'updateTag', ok: 'The tag after the update', errors: conflict },
  'DELETE /api/v1/tags/{id}': { operationId: 'deleteTag', ok: 'The tag is deleted' },

  'POST /api/v1/invitations': {
    operationId: 'createInvitation',
    ok: 'The created invitation',
    errors: { ...planLimit, ...conflict },
  },
  'GET /api/v1/invitations': { operationId: 'listInvitations', ok: 'One page of invitations' },
  'GET /api/v1/invitations/{id}': { operationId: 'getInvitation', ok: 'The invitation' },
  'PATCH /api/v1/invitations/{id}': {
    operationId: 'updateInvitation',
    ok: 'The invitation after the update',
    errors: conflict,
  },
  'DELETE /api/v1/invitations/{id}': { operationId: 'deleteInvitation', ok: 'The invitation is deleted' },
  'POST /api/v1/invitations/{id}/accept': {
    operationId: 'acceptInvitation',
    ok: 'The accepted invitation and the staff user it created',
    errors: { ...planLimit, ...conflict },
  },
  'POST /api/v1/invitations/{id}/revoke': {
    operationId: 'revokeInvitation',
    ok: 'The revoked invitation',
    errors: conflict,
  },

  'POST /api/v1/api-keys': { operationId: 'createApiKey', ok: 'The created key with its token (shown only here)' },
  'GET /api/v1/api-keys': { operationId: 'listApiKeys', ok: 'Every API key, revoked ones included (never a token)' },
  'GET /api/v1/api-keys/{id}': { operationId: 'getApiKey', ok: 'The API key (never its token)' },
  'DELETE /api/v1/api-keys/{id}': { operationId: 'revokeApiKey', ok: 'The revoked key' },
  'POST /api/v1/mailboxes': {
    operationId: 'createMailbox',
    ok: 'The created mailbox with its inbound URL (shown only here and on rotation)',
    errors: conflict,
  },
  'GET /api/v1/mailboxes': { operationId: 'listMailboxes', ok: 'Every mailbox (never a password or inbound URL)' },
  'GET /api/v1/mailboxes/{mailbox_id}': { operationId: 'getMailbox', ok: 'The mailbox' },
  'PATCH /api/v1/mailboxes/{mailbox_id}': {
    operationId: 'updateMailbox',
    ok: 'The mailbox after the update',
    errors: conflict,
  },
  'DELETE /api/v1/mailboxes/{mailbox_id}': { operationId: 'deleteMailbox', ok: 'The mailbox is deleted' },
  'POST /api/v1/mailboxes/{mailbox_id}/rotate-inbound-token': {
    operationId: 'rotateMailboxInboundToken',
    ok: 'The mailbox with its new inbound URL',
  },
  'POST /api/v1/mailboxes/{mailbox_id}/test': {
    operationId: 'sendMailboxTestMail',
    ok: 'The test mail was handed to the SMTP server (status sent) or could not be (status failed)',
    errors: conflict,
  },
  'GET /api/v1/mailboxes/{mailbox_id}/failures': {
    operationId: 'listMailboxFailures',
    ok: 'One page of received mail that could not become a ticket message',
  },
  'POST /api/v1/mailboxes/{mailbox_id}/failures/{failure_id}/retry': {
    operationId: 'retryMailboxFailure',
    ok: 'The message is queued again',
  },
  'POST /inbound/email/{token}': {
    operationId: 'receiveEmail',
    ok: 'The mail is stored (or was already)',
    errors: { 401: ['unauthorized'] },
  },
  'POST /api/v1/auth/login': {
    operationId: 'login',
    ok: 'Signed in: the session cookie is set; send csrf_token as X-CSRF-Token on changes',
    errors: { 401: ['invalid_credentials', 'totp_required'], 409: ['organization_required'], 429: ['rate_limited'] },
  },
  'GET /api/v1/auth/session': { operationId: 'getSession', ok: 'The signed-in user, organization and CSRF token' },
  'POST /api/v1/auth/logout': {
    operationId: 'logout',
    ok: 'The session is ended and its cookie cleared',
    errors: { 403: ['csrf_failed'] },
  },
  'POST /api/v1/auth/setup': {
    operationId: 'setupFirstAdministrator',
    ok: 'The first administrator is created and signed in',
    errors: { 400: ['invalid_token'], ...planLimit, ...conflict },
  },
  'POST /api/v1/auth/accept-invitation': {
    operationId: 'acceptInvitationWithPassword',
    ok: 'The staff user is created and signed in',
    errors: { 400: ['invalid_token'], ...planLimit, ...conflict },
  },
  'POST /api/v1/auth/reset-password': {
    operationId: 'resetPassword',
    ok: 'The password is set, other sessions ended, and this one signed in',
    errors: { 400: ['invalid_token'] },
  },
  'PUT /api/v1/auth/password': {
    operationId: 'changePassword',
    ok: 'The password is changed; other sessions are ended',
    errors: { 401: ['invalid_credentials'], 403: ['csrf_failed'] },
  },
  'GET /api/v1/auth/sessions': { operationId: 'listSessions', ok: "The signed-in user's live sessions" },
  'DELETE /api/v1/auth/sessions/{id}': {
    operationId: 'revokeSession',
    ok: 'The session is ended, at once, in every process',
    errors: { 403: ['csrf_failed'] },
  },
  'POST /api/v1/auth/totp': {
    operationId: 'startTotpEnrolment',
    ok: 'A new secret to add to an authenticator app',
    errors: { ...conflict, 403: ['csrf_failed'] },
  },
  'POST /api/v1/auth/totp/confirm': {
    operationId: 'confirmTotpEnrolment',
    ok: 'Two-factor is enabled: the recovery codes, shown only here',
    errors: { ...conflict, 403: ['csrf_failed'] },
  },
  'DELETE /api/v1/auth/totp': {
    operationId: 'disableTotp',
    ok: 'Two-factor is disabled',
    errors: { 403: ['csrf_failed'] },
  },
  'GET /api/v1/auth/organization': { operationId: 'getSignInRules', ok: "The organization's sign-in rules" },
  'PATCH /api/v1/auth/organization': {
    operationId: 'updateSignInRules',
    ok: "The organization's sign-in rules after the change",
  },
  'POST /api/v1/widgets': {
    operationId: 'createWidget',
    ok: 'The created widget, with its identity secret (shown only here)',
  },
  'GET /api/v1/widgets': { operationId: 'listWidgets', ok: 'Every chat widget of the organization' },
  'GET /api/v1/widgets/{id}': { operationId: 'getWidget', ok: 'The chat widget (without its identity secret)' },
  'PATCH /api/v1/widgets/{id}': { operationId: 'updateWidget', ok: 'The chat widget after the change' },
  'DELETE /api/v1/widgets/{id}': {
    operationId: 'deleteWidget',
    ok: "The widget is deleted and its visitors' sessions ended",
  },
  'POST /api/v1/widgets/{id}/rotate-identity-secret': {
    operationId: 'rotateWidgetIdentitySecret',
    ok: 'The widget with its new identity secret (shown only here)',
  },
  'POST /widget/v1/sessions': {
    operationId: 'openVisitorSession',
    ok: 'The visitor token and who the visitor is',
    errors: { ...visitorErrors, 401: ['invalid_identity', 'identity_required'], 404: ['not_found'] },
  },
  'POST /widget/v1/conversations': {
    operationId: 'openVisitorConversation',
    ok: 'The new conversation (a ticket of channel WIDGET) with its first message',
    errors: visitorAuthErrors,
  },
  'GET /widget/v1/conversations': {
    operationId: 'listVisitorConversations',
    ok: "The visitor's conversations, newest first",
    errors: visitorAuthErrors,
  },
  'GET /widget/v1/conversations/{id}': {
    operationId: 'getVisitorConversation',
    ok: 'The conversation with its messages',
    errors: visitorAuthErrors,
  },
  'POST /widget/v1/conversations/{id}/messages': {
    operationId: 'addVisitorMessage',
    ok: 'The added message (INBOUND)',
    errors: visitorAuthErrors,
  },
  'POST /widget/v1/conversations/{id}/typing': {
    operationId: 'reportVisitorTyping',
    ok: 'Reported to the agents on the ticket',
    errors: visitorAuthErrors,
  },
  'POST /widget/v1/conversations/{id}/seen': {
    operationId: 'reportVisitorSeen',
    ok: 'Recorded: the replies up to that message are not mailed to the visitor',
    errors: visitorAuthErrors,
  },
  'POST /widget/v1/assistant': {
    operationId: 'askVisitorAssistant',
    ok: "The assistant's answer, with its citations",
    errors: { ...visitorAuthErrors, 409: ['conflict'] },
  },
  'POST /widget/v1/assistant/{conversation_id}/handoff': {
    operationId: 'handOffVisitorAssistant',
    ok: 'The conversation with a person (a ticket of channel WIDGET_AI) with the transcript',
    errors: visitorAuthErrors,
  },
  'GET /widget/v1/stream': {
    operationId: 'streamVisitorEvents',
    ok: "The visitor's conversations live, as Server-Sent Events",
    errors: visitorAuthErrors,
  },
};
