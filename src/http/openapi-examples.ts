// One example request body per operation that takes a body, keyed by operationId (openapi-operations.ts),
// shown in the document's requestBody. test/openapi-document.test.ts checks that every operation with
// a body has one and that each validates against its operation's schema.

const USER_ID = 'auth0|5f7c8ec7c33c6c004bbafe82';
const TAG_ID = '0193a3c2-7d3e-7c4a-9d51-4f7a2b1c9e10';

export const REQUEST_EXAMPLES: Record<string, unknown> = {
  createTicket: {
    subject: 'Cannot log in after password reset',
    message: 'Since resetting my password this morning the login page says "invalid credentials".',
    customer: { email: 'jane@example.com', name: 'Jane Doe', external_user_id: 'u_1842' },
    priority: 'HIGH',
    tag_ids: [TAG_ID],
  },
  updateTicket: { status: 'PENDING', assignee_id: USER_ID, add_tag_ids: [TAG_ID] },
  addTicketMessage: { content: 'Thanks Jane, we have reset your session: please try again.', user_id: USER_ID },
  addTicketNote: {
    content: 'Customer is on the legacy SSO plan: check with billing before resetting.',
    user_id: USER_ID,
  },
  updateOrganization: { slug: 'acme', help_center: { enabled: true, title: 'Acme Help Center' } },
  createKbCollection: { name: 'Billing', description: 'Plans, invoices and payments' },
  updateKbCollection: { position: 0 },
  createKbArticle: {
    title: 'Reset your password',
    body_markdown: '## Forgot it?\n\nChoose **Forgot password** on the sign-in page.',
    status: 'published',
  },
  updateKbArticle: { status: 'archived' },
  askHelpCenterAssistant: { message: 'I forgot my password, how do I get back in?' },
  handOffHelpCenterConversation: { email: 'jane@example.com', name: 'Jane Doe' },
  sendHelpCenterFeedback: { answer_id: '0193a3c2-7d3e-7c4a-9d51-4f7a2b1c9e11', helpful: true },
  reportTicketPresence: { state: 'typing', user_id: USER_ID },
  createCustomer: {
    email: 'jane@example.com',
    name: 'Jane Doe',
    external_organization_name: 'Acme Inc.',
    metadata: { plan: 'pro' },
  },
  updateCustomer: { name: 'Jane Smith', metadata: { plan: 'enterprise' } },
  createWebhook: {
    name: 'CRM sync',
    url: 'https://hooks.example.com/helpdesk',
    events: ['ticket.created', 'ticket.updated'],
  },
  subscribeWebhook: { url: 'https://hooks.example.com/zapier/123', event: 'ticket.created' },
  unsubscribeWebhook: { url: 'https://hooks.example.com/zapier/123', event: 'ticket.created' },
  updateWebhook: { is_active: false },
  rotateWebhookSecret: { previous_secret_expires_in: 3600 },
  createUser: { id: USER_ID, name: 'Sam Agent', email: 'sam@example.com', role: 'agent' },
  updateUser: { role: 'admin' },
  createTeam: { name: 'Billing', member_ids: [USER_ID] },
  updateTeam: { name: 'Billing and refunds' },
  createTag: { name: 'refund', color: '#e11d48' },
  updateTag: { color: '#2563eb' },
  createInvitation: { email: 'alex@example.com', name: 'Alex', role: 'agent' },
  updateInvitation: { role: 'admin' },
  acceptInvitation: { name: 'Alex Kim' },
  login: { email: 'sam@example.com', password: 'correct horse battery staple' },
  setupFirstAdministrator: {
    token: '0193a3c2-7d3e-7c4a-9d51-4f7a2b1c9e10.Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5',
    email: 'admin@example.com',
    name: 'Ada Admin',
    password: 'correct horse battery staple',
  },
  acceptInvitationWithPassword: {
    token: '0193a3c2-7d3e-7c4a-9d51-4f7a2b1c9e10.Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5',
    name: 'Alex Kim',
    password: 'correct horse battery staple',
  },
  resetPassword: {
    token: '0193a3c2-7d3e-7c4a-9d51-4f7a2b1c9e10.Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5',
    password: 'correct horse battery staple',
  },
  changePassword: { current_password: 'correct horse battery staple', new_password: 'a much longer passphrase' },
  confirmTotpEnrolment: { code: '123456' },
  disableTotp: { code: '123456' },
  updateSignInRules: { require_two_factor: true },
  createApiKey: { name: 'Zapier integration', scopes: ['tickets:read', 'tickets:write'] },
};
