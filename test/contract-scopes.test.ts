import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { call, describeEachDialect, type TestOrg } from './support/harness.js';

// The scope matrix (one scope per operation; admin for the management routes): every operation, refused
// with 403 insufficient_scope (naming the scope needed) to a key that holds every other scope, and
// served to a key that holds nothing but the needed one. Tags, users and teams can also be read with
// tickets:read.

type Scope =
  | 'tickets:read'
  | 'tickets:write'
  | 'customers:read'
  | 'customers:write'
  | 'webhooks:read'
  | 'webhooks:write'
  | 'billing:read'
  | 'events:read'
  | 'kb:read'
  | 'kb:write'
  | 'admin';

// The resource scopes plus admin and events:read: a key with "every scope" holds all of these.
const EVERY_SCOPE: Scope[] = [
  'tickets:read',
  'tickets:write',
  'customers:read',
  'customers:write',
  'webhooks:read',
  'webhooks:write',
  'billing:read',
  'events:read',
  'kb:read',
  'kb:write',
  'admin',
];

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Request {
  method: Method;
  url: string;
  body?: unknown;
}

interface Fixtures {
  admin: string;
  ticketId: string;
  customerId: string;
  webhookId: string;
  userId: string;
  teamId: string;
  tagId: string;
  invitationId: string;
  apiKeyId: string;
  /** A queued delivery of webhookId (a test ping), for the retry route. */
  deliveryId: string;
  /** A file received with a mail. */
  attachmentId: string;
  /** A mailbox with a failed received message: fresh() fails one more and answers its id. */
  failure: { mailboxId: string; fresh(): Promise<string> };
  /** A fresh resource for operations that consume one (deletes, accept, revoke). */
  fresh(kind: 'customer' | 'webhook' | 'user' | 'team' | 'tag' | 'invitation' | 'apiKey' | 'mailbox'): Promise<string>;
  fresh(
    kind: 'customer' | 'webhook' | 'user' | 'team' | 'tag' | 'invitation' | 'apiKey' | 'article' | 'collection',
  ): Promise<string>;
  articleId: string;
  revisionId: string;
  collectionId: string;
  unique(): string;
  /** A POST with the full-scope key (for set-up), expected to answer 201. */
  post(url: string, body: unknown): Promise<any>;
}

const newWidget = (f: Fixtures) => f.post('/api/v1/widgets', { name: 'Shop', allowed_origins: [] });

interface Operation {
  name: string;
  /** Served to a key with any scope (so no key lacks what it needs): only the "served" half applies. */
  anyScope?: true;
  /** Any one of these is enough. */
  scopes: Scope[];
  /** Status of a successful call. */
  ok: number;
  request(f: Fixtures): Promise<Request> | Request;
}

const OPERATIONS: Operation[] = [
  // Tickets
  {
    name: 'POST /tickets',
    scopes: ['tickets:write'],
    ok: 201,
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/tickets',
      body: { subject: 'Scopes', message: 'Hi', customer: { email: `${f.unique()}@example.com` } },
    }),
  },
  {
    name: 'GET /tickets',
    scopes: ['tickets:read'],
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/tickets' }),
  },
  {
    name: 'GET /tickets/{id}',
    scopes: ['tickets:read'],
    ok: 200,
    request: (f) => ({ method: 'GET', url: `/api/v1/tickets/${f.ticketId}` }),
  },
  {
    name: 'GET /attachments/{id}',
    scopes: ['tickets:read'],
    ok: 200,
    request: (f) => ({ method: 'GET', url: `/api/v1/attachments/${f.attachmentId}` }),
  },
  {
    name: 'POST /tickets/{id}/messages',
    scopes: ['tickets:write'],
    ok: 201,
    request: (f) => ({ method: 'POST', url: `/api/v1/tickets/${f.ticketId}/messages`, body: { content: 'More' } }),
  },
  {
    name: 'GET /tickets/{id}/notes',
    scopes: ['tickets:read'],
    ok: 200,
    request: (f) => ({ method: 'GET', url: `/api/v1/tickets/${f.ticketId}/notes` }),
  },
  {
    name: 'POST /tickets/{id}/notes',
    scopes: ['tickets:write'],
    ok: 201,
    request: (f) => ({
      method: 'POST',
      url: `/api/v1/tickets/${f.ticketId}/notes`,
      body: { content: 'Checked with billing', user_id: f.userId },
    }),
  },
  {
    name: 'PATCH /tickets/{id}',
    scopes: ['tickets:write'],
    ok: 200,
    request: (f) => ({ method: 'PATCH', url: `/api/v1/tickets/${f.ticketId}`, body: { priority: 'HIGH' } }),
  },
  {
    name: 'POST /tickets/{id}/presence',
    scopes: ['tickets:read'],
    ok: 204,
    request: (f) => ({
      method: 'POST',
      url: `/api/v1/tickets/${f.ticketId}/presence`,
      body: { state: 'viewing', user_id: f.userId },
    }),
  },
  // Customers
  {
    name: 'POST /customers',
    scopes: ['customers:write'],
    ok: 201,
    request: (f) => ({ method: 'POST', url: '/api/v1/customers', body: { email: `${f.unique()}@example.com` } }),
  },
  {
    name: 'GET /customers',
    scopes: ['customers:read'],
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/customers' }),
  },
  {
    name: 'GET /customers/{id}',
    scopes: ['customers:read'],
    ok: 200,
    request: (f) => ({ method: 'GET', url: `/api/v1/customers/${f.customerId}` }),
  },
  {
    name: 'PATCH /customers/{id}',
    scopes: ['customers:write'],
    ok: 200,
    request: (f) => ({ method: 'PATCH', url: `/api/v1/customers/${f.customerId}`, body: { name: f.unique() } }),
  },
  {
    name: 'DELETE /customers/{id}',
    scopes: ['customers:write'],
    ok: 200,
    request: async (f) => ({ method: 'DELETE', url: `/api/v1/customers/${await f.fresh('customer')}` }),
  },
  // Webhooks
  {
    name: 'GET /webhooks',
    scopes: ['webhooks:read'],
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/webhooks' }),
  },
  {
    name: 'POST /webhooks',
    scopes: ['webhooks:write'],
    ok: 201,
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/webhooks',
      body: { name: 'w', url: `https://hooks.example.com/${f.unique()}`, events: ['ticket.created'] },
    }),
  },
  {
    name: 'GET /webhooks/{id}',
    scopes: ['webhooks:read'],
    ok: 200,
    request: (f) => ({ method: 'GET', url: `/api/v1/webhooks/${f.webhookId}` }),
  },
  {
    name: 'PATCH /webhooks/{id}',
    scopes: ['webhooks:write'],
    ok: 200,
    request: (f) => ({ method: 'PATCH', url: `/api/v1/webhooks/${f.webhookId}`, body: { name: f.unique() } }),
  },
  {
    name: 'DELETE /webhooks/{id}',
    scopes: ['webhooks:write'],
    ok: 200,
    request: async (f) => ({ method: 'DELETE', url: `/api/v1/webhooks/${await f.fresh('webhook')}` }),
  },
  {
    name: 'GET /webhooks/{id}/deliveries',
    scopes: ['webhooks:read'],
    ok: 200,
    request: (f) => ({ method: 'GET', url: `/api/v1/webhooks/${f.webhookId}/deliveries` }),
  },
  {
    name: 'POST /webhooks/subscribe',
    scopes: ['tickets:write'],
    ok: 201,
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/webhooks/subscribe',
      body: { url: `https://zap.example.com/${f.unique()}`, event: 'ticket.created' },
    }),
  },
  {
    name: 'POST /webhooks/unsubscribe',
    scopes: ['tickets:write'],
    ok: 201,
    request: async (f) => {
      const url = `https://zap.example.com/${f.unique()}`;
      await f.post('/api/v1/webhooks/subscribe', { url, event: 'ticket.created' });
      return { method: 'POST', url: '/api/v1/webhooks/unsubscribe', body: { url } };
    },
  },
  {
    name: 'POST /webhooks/{id}/test',
    scopes: ['webhooks:write'],
    ok: 202,
    request: (f) => ({ method: 'POST', url: `/api/v1/webhooks/${f.webhookId}/test` }),
  },
  {
    name: 'POST /webhooks/{id}/rotate-secret',
    scopes: ['webhooks:write'],
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      url: `/api/v1/webhooks/${await f.fresh('webhook')}/rotate-secret`,
      body: {},
    }),
  },
  {
    name: 'POST /webhooks/{id}/deliveries/{id}/retry',
    scopes: ['webhooks:write'],
    ok: 202,
    request: (f) => ({ method: 'POST', url: `/api/v1/webhooks/${f.webhookId}/deliveries/${f.deliveryId}/retry` }),
  },
  // Event log
  { name: 'GET /events', scopes: ['events:read'], ok: 200, request: () => ({ method: 'GET', url: '/api/v1/events' }) },
  // The live stream: a bad cursor is refused (400) after authentication, so the answer is not endless.
  {
    name: 'GET /events/stream',
    scopes: ['events:read'],
    ok: 400,
    request: () => ({ method: 'GET', url: '/api/v1/events/stream?after=not-a-cursor' }),
  },
  // Billing
  {
    name: 'GET /billing/usage',
    scopes: ['billing:read'],
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/billing/usage' }),
  },
  // Staff users
  {
    name: 'POST /users',
    scopes: ['admin'],
    ok: 201,
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/users',
      body: { name: 'U', email: `${f.unique()}@staff.example` },
    }),
  },
  {
    name: 'GET /users',
    scopes: ['admin', 'tickets:read'],
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/users' }),
  },
  {
    name: 'GET /users/{id}',
    scopes: ['admin', 'tickets:read'],
    ok: 200,
    request: (f) => ({ method: 'GET', url: `/api/v1/users/${f.userId}` }),
  },
  {
    name: 'PATCH /users/{id}',
    scopes: ['admin'],
    ok: 200,
    request: (f) => ({ method: 'PATCH', url: `/api/v1/users/${f.userId}`, body: { name: f.unique() } }),
  },
  {
    name: 'DELETE /users/{id}',
    scopes: ['admin'],
    ok: 200,
    request: async (f) => ({ method: 'DELETE', url: `/api/v1/users/${await f.fresh('user')}` }),
  },
  // Teams
  {
    name: 'POST /teams',
    scopes: ['admin'],
    ok: 201,
    request: (f) => ({ method: 'POST', url: '/api/v1/teams', body: { name: f.unique() } }),
  },
  {
    name: 'GET /teams',
    scopes: ['admin', 'tickets:read'],
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/teams' }),
  },
  {
    name: 'GET /teams/{id}',
    scopes: ['admin', 'tickets:read'],
    ok: 200,
    request: (f) => ({ method: 'GET', url: `/api/v1/teams/${f.teamId}` }),
  },
  {
    name: 'PATCH /teams/{id}',
    scopes: ['admin'],
    ok: 200,
    request: (f) => ({ method: 'PATCH', url: `/api/v1/teams/${f.teamId}`, body: { name: f.unique() } }),
  },
  {
    name: 'DELETE /teams/{id}',
    scopes: ['admin'],
    ok: 200,
    request: async (f) => ({ method: 'DELETE', url: `/api/v1/teams/${await f.fresh('team')}` }),
  },
  // Tags: managed with admin, read with admin or tickets:read
  {
    name: 'POST /tags',
    scopes: ['admin'],
    ok: 201,
    request: (f) => ({ method: 'POST', url: '/api/v1/tags', body: { name: f.unique() } }),
  },
  {
    name: 'GET /tags',
    scopes: ['admin', 'tickets:read'],
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/tags' }),
  },
  {
    name: 'GET /tags/{id}',
    scopes: ['admin', 'tickets:read'],
    ok: 200,
    request: (f) => ({ method: 'GET', url: `/api/v1/tags/${f.tagId}` }),
  },
  {
    name: 'PATCH /tags/{id}',
    scopes: ['admin'],
    ok: 200,
    request: (f) => ({ method: 'PATCH', url: `/api/v1/tags/${f.tagId}`, body: { color: '#abcdef' } }),
  },
  {
    name: 'DELETE /tags/{id}',
    scopes: ['admin'],
    ok: 200,
    request: async (f) => ({ method: 'DELETE', url: `/api/v1/tags/${await f.fresh('tag')}` }),
  },
  // Chat widgets: admin only
  {
    name: 'POST /widgets',
    scopes: ['admin'],
    ok: 201,
    request: () => ({ method: 'POST', url: '/api/v1/widgets', body: { name: 'Shop', allowed_origins: [] } }),
  },
  { name: 'GET /widgets', scopes: ['admin'], ok: 200, request: () => ({ method: 'GET', url: '/api/v1/widgets' }) },
  {
    name: 'GET /widgets/{id}',
    scopes: ['admin'],
    ok: 200,
    request: async (f) => ({ method: 'GET', url: `/api/v1/widgets/${(await newWidget(f)).id}` }),
  },
  {
    name: 'PATCH /widgets/{id}',
    scopes: ['admin'],
    ok: 200,
    request: async (f) => ({ method: 'PATCH', url: `/api/v1/widgets/${(await newWidget(f)).id}`, body: { name: 'x' } }),
  },
  {
    name: 'DELETE /widgets/{id}',
    scopes: ['admin'],
    ok: 200,
    request: async (f) => ({ method: 'DELETE', url: `/api/v1/widgets/${(await newWidget(f)).id}` }),
  },
  {
    name: 'POST /widgets/{id}/rotate-identity-secret',
    scopes: ['admin'],
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      url: `/api/v1/widgets/${(await newWidget(f)).id}/rotate-identity-secret`,
    }),
  },
  // Invitations
  {
    name: 'POST /invitations',
    scopes: ['admin'],
    ok: 201,
    request: (f) => ({ method: 'POST', url: '/api/v1/invitations', body: { email: `${f.unique()}@invited.example` } }),
  },
  {
    name: 'GET /invitations',
    scopes: ['admin'],
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/invitations' }),
  },
  {
    name: 'GET /invitations/{id}',
    scopes: ['admin'],
    ok: 200,
    request: (f) => ({ method: 'GET', url: `/api/v1/invitations/${f.invitationId}` }),
  },
  {
    name: 'PATCH /invitations/{id}',
    scopes: ['admin'],
    ok: 200,
    request: (f) => ({ method: 'PATCH', url: `/api/v1/invitations/${f.invitationId}`, body: { name: f.unique() } }),
  },
  {
    name: 'POST /invitations/{id}/accept',
    scopes: ['admin'],
    ok: 201,
    request: async (f) => ({
      method: 'POST',
      url: `/api/v1/invitations/${await f.fresh('invitation')}/accept`,
      body: {},
    }),
  },
  {
    name: 'POST /invitations/{id}/revoke',
    scopes: ['admin'],
    ok: 200,
    request: async (f) => ({ method: 'POST', url: `/api/v1/invitations/${await f.fresh('invitation')}/revoke` }),
  },
  {
    name: 'DELETE /invitations/{id}',
    scopes: ['admin'],
    ok: 200,
    request: async (f) => ({ method: 'DELETE', url: `/api/v1/invitations/${await f.fresh('invitation')}` }),
  },
  // API keys
  {
    name: 'POST /api-keys',
    scopes: ['admin'],
    ok: 201,
    request: () => ({ method: 'POST', url: '/api/v1/api-keys', body: { scopes: ['tickets:read'] } }),
  },
  { name: 'GET /api-keys', scopes: ['admin'], ok: 200, request: () => ({ method: 'GET', url: '/api/v1/api-keys' }) },
  // The organization's public face
  {
    name: 'GET /organization',
    scopes: EVERY_SCOPE,
    anyScope: true,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/organization' }),
  },
  {
    name: 'PATCH /organization',
    scopes: ['admin'],
    ok: 200,
    request: () => ({ method: 'PATCH', url: '/api/v1/organization', body: { help_center: { enabled: true } } }),
  },
  // Knowledge base
  {
    name: 'GET /kb/collections',
    scopes: ['kb:read'],
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/kb/collections' }),
  },
  {
    name: 'POST /kb/collections',
    scopes: ['kb:write'],
    ok: 201,
    request: () => ({ method: 'POST', url: '/api/v1/kb/collections', body: { name: 'Scopes' } }),
  },
  {
    name: 'GET /kb/collections/{id}',
    scopes: ['kb:read'],
    ok: 200,
    request: (f) => ({ method: 'GET', url: `/api/v1/kb/collections/${f.collectionId}` }),
  },
  {
    name: 'PATCH /kb/collections/{id}',
    scopes: ['kb:write'],
    ok: 200,
    request: (f) => ({ method: 'PATCH', url: `/api/v1/kb/collections/${f.collectionId}`, body: { name: 'Renamed' } }),
  },
  {
    name: 'DELETE /kb/collections/{id}',
    scopes: ['kb:write'],
    ok: 200,
    request: async (f) => ({ method: 'DELETE', url: `/api/v1/kb/collections/${await f.fresh('collection')}` }),
  },
  {
    name: 'GET /kb/articles',
    scopes: ['kb:read'],
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/kb/articles' }),
  },
  {
    name: 'POST /kb/articles',
    scopes: ['kb:write'],
    ok: 201,
    request: () => ({ method: 'POST', url: '/api/v1/kb/articles', body: { title: 'Scopes', body_markdown: 'x' } }),
  },
  {
    name: 'GET /kb/articles/{id}',
    scopes: ['kb:read'],
    ok: 200,
    request: (f) => ({ method: 'GET', url: `/api/v1/kb/articles/${f.articleId}` }),
  },
  {
    name: 'PATCH /kb/articles/{id}',
    scopes: ['kb:write'],
    ok: 200,
    request: (f) => ({ method: 'PATCH', url: `/api/v1/kb/articles/${f.articleId}`, body: { body_markdown: 'y' } }),
  },
  {
    name: 'DELETE /kb/articles/{id}',
    scopes: ['kb:write'],
    ok: 200,
    request: async (f) => ({ method: 'DELETE', url: `/api/v1/kb/articles/${await f.fresh('article')}` }),
  },
  {
    name: 'GET /kb/articles/{id}/revisions',
    scopes: ['kb:read'],
    ok: 200,
    request: (f) => ({ method: 'GET', url: `/api/v1/kb/articles/${f.articleId}/revisions` }),
  },
  {
    name: 'POST /kb/articles/{id}/revisions/{id}/restore',
    scopes: ['kb:write'],
    ok: 200,
    request: (f) => ({ method: 'POST', url: `/api/v1/kb/articles/${f.articleId}/revisions/${f.revisionId}/restore` }),
  },
  {
    name: 'GET /kb/assistant-report',
    scopes: ['kb:read'],
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/kb/assistant-report?days=7' }),
  },
  // Sign-in rules of the organization
  {
    name: 'GET /auth/organization',
    scopes: ['admin'],
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/auth/organization' }),
  },
  {
    name: 'PATCH /auth/organization',
    scopes: ['admin'],
    ok: 200,
    request: () => ({ method: 'PATCH', url: '/api/v1/auth/organization', body: { require_two_factor: false } }),
  },
  {
    name: 'GET /api-keys/{id}',
    scopes: ['admin'],
    ok: 200,
    request: (f) => ({ method: 'GET', url: `/api/v1/api-keys/${f.apiKeyId}` }),
  },
  {
    name: 'DELETE /api-keys/{id}',
    scopes: ['admin'],
    ok: 200,
    request: async (f) => ({ method: 'DELETE', url: `/api/v1/api-keys/${await f.fresh('apiKey')}` }),
  },
  // Mailboxes (email channel)
  {
    name: 'GET /mailboxes/{id}/failures',
    scopes: ['admin'],
    ok: 200,
    request: async (f) => ({ method: 'GET', url: `/api/v1/mailboxes/${await f.fresh('mailbox')}/failures` }),
  },
  {
    name: 'POST /mailboxes/{id}/failures/{id}/retry',
    scopes: ['admin'],
    ok: 202,
    request: async (f) => ({
      method: 'POST',
      url: `/api/v1/mailboxes/${f.failure.mailboxId}/failures/${await f.failure.fresh()}/retry`,
    }),
  },
  { name: 'GET /mailboxes', scopes: ['admin'], ok: 200, request: () => ({ method: 'GET', url: '/api/v1/mailboxes' }) },
  {
    name: 'POST /mailboxes',
    scopes: ['admin'],
    ok: 201,
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/mailboxes',
      body: { name: 'Support', address: `${f.unique()}@mail.example.com` },
    }),
  },
  {
    name: 'GET /mailboxes/{id}',
    scopes: ['admin'],
    ok: 200,
    request: async (f) => ({ method: 'GET', url: `/api/v1/mailboxes/${await f.fresh('mailbox')}` }),
  },
  {
    name: 'PATCH /mailboxes/{id}',
    scopes: ['admin'],
    ok: 200,
    request: async (f) => ({
      method: 'PATCH',
      url: `/api/v1/mailboxes/${await f.fresh('mailbox')}`,
      body: { name: f.unique() },
    }),
  },
  {
    name: 'DELETE /mailboxes/{id}',
    scopes: ['admin'],
    ok: 200,
    request: async (f) => ({ method: 'DELETE', url: `/api/v1/mailboxes/${await f.fresh('mailbox')}` }),
  },
  {
    name: 'POST /mailboxes/{id}/test',
    scopes: ['admin'],
    ok: 200,
    request: async (f) => {
      // Its SMTP server refuses connections: the answer is 200 with status failed, at once.
      const box = await f.post('/api/v1/mailboxes', {
        name: 'Test mail',
        address: `${f.unique()}@mail.example.com`,
        smtp: { host: '127.0.0.1', port: 1, tls: 'none' },
      });
      return { method: 'POST', url: `/api/v1/mailboxes/${box.id}/test`, body: { to: 'admin@mail.example.com' } };
    },
  },
  {
    name: 'POST /mailboxes/{id}/rotate-inbound-token',
    scopes: ['admin'],
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      url: `/api/v1/mailboxes/${await f.fresh('mailbox')}/rotate-inbound-token`,
    }),
  },
];

describeEachDialect(
  'contract: scope per operation',
  (ctx) => {
    let org: TestOrg;
    let f: Fixtures;
    const keys = new Map<string, Promise<string>>();
    const keyWith = (scopes: Scope[]) => {
      const id = [...scopes].sort().join(' ');
      if (!keys.has(id)) keys.set(id, org.keyWith(scopes));
      return keys.get(id)!;
    };

    beforeAll(async () => {
      org = await ctx.createOrg('scopes');
      let n = 0;
      const unique = () => `s${++n}-${Math.random().toString(36).slice(2, 8)}`;
      const create = async (url: string, body: unknown) => {
        const res = await call(ctx.app, 'POST', url, { token: org.token, body });
        expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(201);
        return res.body.data;
      };
      const makers = {
        customer: async () => (await create('/api/v1/customers', { email: `${unique()}@example.com` })).id,
        webhook: async () =>
          (
            await create('/api/v1/webhooks', {
              name: 'w',
              url: `https://hooks.example.com/${unique()}`,
              events: ['ticket.created'],
            })
          ).id,
        user: async () => (await create('/api/v1/users', { name: 'Staff', email: `${unique()}@staff.example` })).id,
        team: async () => (await create('/api/v1/teams', { name: unique() })).id,
        tag: async () => (await create('/api/v1/tags', { name: unique() })).id,
        invitation: async () => (await create('/api/v1/invitations', { email: `${unique()}@invited.example` })).id,
        apiKey: async () => (await create('/api/v1/api-keys', { scopes: ['billing:read'] })).id,
        mailbox: async () =>
          (await create('/api/v1/mailboxes', { name: 'Support', address: `${unique()}@mail.example.com` })).id,
        article: async () => (await create('/api/v1/kb/articles', { title: unique(), body_markdown: 'x' })).id,
        collection: async () => (await create('/api/v1/kb/collections', { name: unique() })).id,
      };
      const article = await create('/api/v1/kb/articles', {
        title: unique(),
        body_markdown: 'v1',
        status: 'published',
      });
      const revisions = await call(ctx.app, 'GET', `/api/v1/kb/articles/${article.id}/revisions`, { token: org.token });
      f = {
        admin: org.token,
        ticketId: (
          await create('/api/v1/tickets', { subject: 'S', message: 'M', customer: { email: 'scopes@example.com' } })
        ).id,
        customerId: await makers.customer(),
        webhookId: await makers.webhook(),
        userId: await makers.user(),
        teamId: await makers.team(),
        tagId: await makers.tag(),
        invitationId: await makers.invitation(),
        apiKeyId: await makers.apiKey(),
        articleId: article.id,
        revisionId: revisions.body.data[0].id,
        collectionId: await makers.collection(),
        deliveryId: '',
        attachmentId: '',
        failure: { mailboxId: '', fresh: async () => '' },
        fresh: (kind) => makers[kind](),
        unique,
        post: create,
      };
      // A received message without a sender: kept as a failure of this mailbox.
      const box = await create('/api/v1/mailboxes', { name: 'Failures', address: `${unique()}@mail.example.com` });
      f.failure = {
        mailboxId: box.id,
        fresh: async () => {
          const raw = `Subject: x\r\nMessage-ID: <${unique()}@x>\r\n\r\nno sender\r\n`;
          const token = box.inbound_url.split('/').pop();
          await ctx.app.inject({
            method: 'POST',
            url: `/inbound/email/${token}`,
            headers: { 'content-type': 'message/rfc822' },
            payload: raw,
          });
          await ctx.container.inbound.processQueued();
          const rows = await ctx.database.db
            .selectFrom('inbound_emails')
            .select('id')
            .where('mailbox_id', '=', box.id)
            .where('state', '=', 'failed')
            .execute();
          return String(rows[rows.length - 1].id);
        },
      };
      // A mail with a file: an EMAIL ticket whose first message lists it.
      const boundary = 'scopes-files';
      const mail = [
        'From: files@customer.example',
        'Subject: With a file',
        `Message-ID: <${unique()}@customer.example>`,
        `Content-Type: multipart/mixed; boundary="${boundary}"`,
        '',
        `--${boundary}`,
        'Content-Type: text/plain',
        '',
        'see attached',
        `--${boundary}`,
        'Content-Type: text/plain; name="notes.txt"',
        'Content-Disposition: attachment; filename="notes.txt"',
        '',
        'notes',
        `--${boundary}--`,
        '',
      ].join('\r\n');
      await ctx.app.inject({
        method: 'POST',
        url: `/inbound/email/${box.inbound_url.split('/').pop()}`,
        headers: { 'content-type': 'message/rfc822' },
        payload: mail,
      });
      await ctx.container.inbound.processQueued();
      const mailed = await ctx.database.db
        .selectFrom('attachments')
        .select('id')
        .where('organization_id', '=', org.id)
        .execute();
      f.attachmentId = String(mailed[0].id);
      f.deliveryId = (
        await call(ctx.app, 'POST', `/api/v1/webhooks/${f.webhookId}/test`, { token: org.token })
      ).body.data.id;
    });

    it('the table names every operation of the API (as the OpenAPI document lists them)', async () => {
      const doc = await call(ctx.app, 'GET', '/openapi.json');
      expect(doc.status).toBe(200);
      const documented = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>)
        .filter(([path]) => path.startsWith('/api/v1/'))
        .flatMap(([path, methods]) =>
          Object.keys(methods)
            .filter((m) => ['get', 'post', 'patch', 'put', 'delete'].includes(m))
            .map((m) => `${m.toUpperCase()} ${path.slice('/api/v1'.length).replace(/\{[^}]+\}/g, '{id}')}`),
        )
        // Staff sign-in and session routes take no API key (test/staff-auth-*.test.ts).
        .filter((name) => !/^\S+ \/auth\//.test(name) || name.endsWith(' /auth/organization'));
      expect(new Set(OPERATIONS.map((o) => o.name)).size).toBe(OPERATIONS.length);
      expect([...documented].sort()).toEqual(OPERATIONS.map((o) => o.name).sort());
    });

    it.each(OPERATIONS.filter((op) => !op.anyScope))(
      '$name: a key with every other scope gets 403 insufficient_scope naming $scopes',
      async (op) => {
        const token = await keyWith(EVERY_SCOPE.filter((s) => !op.scopes.includes(s)));
        const req = await op.request(f);
        const res = await call(ctx.app, req.method, req.url, { token, body: req.body });
        expect(res.status).toBe(403);
        expect(res.body.error).toMatchObject({ code: 'insufficient_scope', details: [] });
        for (const scope of op.scopes) expect(res.body.error.message).toContain(scope);
      },
    );

    const allowed = OPERATIONS.flatMap((op) => op.scopes.map((scope) => ({ ...op, scope })));
    it.each(allowed)('$name: a key with only $scope is served ($ok)', async (op) => {
      const token = await keyWith([op.scope]);
      const req = await op.request(f);
      const res = await call(ctx.app, req.method, req.url, { token, body: req.body });
      expect(res.status, JSON.stringify(res.body)).toBe(op.ok);
    });
  },
  { partitioned: true, env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'helpdesk-scopes-')) } },
);
