import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { UUID_COLUMNS } from '../src/db/migrations/20261122-2000-native-uuid.js';
import type { Method } from './support/api.js';
import { postUser } from './support/fixtures.js';
import { describeEachDialect } from './support/harness.js';

// On PostgreSQL every id the service generates is a native uuid (20261122-2000-native-uuid); the
// columns that hold caller-chosen values stay text. A table added later with a text id column fails
// the first test until a migration converts it (or it is named here as caller-chosen).

/** Columns named like ids that hold caller-chosen values (user ids, external ids) and stay text. */
const TEXT_ID_COLUMNS = [
  'customers.external_organization_id',
  'customers.external_user_id',
  'email_outbox.mail_message_id', // a mail's Message-ID
  'inbound_emails.message_id', // a mail's Message-ID
  'invitations.user_id',
  'kb_article_revisions.author_id', // a staff user id
  'kb_articles.author_id', // a staff user id
  'mail_message_ids.message_id', // a mail's Message-ID
  'messages.author_id', // a user id or a customer id
  'notes.author_id', // a staff user id
  'staff_credentials.user_id',
  'staff_sessions.user_id',
  'staff_tokens.user_id',
  'team_members.user_id',
  'tickets.assignee_id',
  'tickets.external_organization_id',
  'users.id',
  'widget_conversations.external_user_id', // the embedding site's user id
  'widget_visitors.external_user_id', // the embedding site's user id
];

/** uuid columns of tables created after the conversion, with their native type from the start. */
const LATER_UUID_COLUMNS = [
  'staff_auth_settings.organization_id',
  'staff_credentials.organization_id',
  'staff_sessions.id',
  'staff_sessions.organization_id',
  'staff_tokens.invitation_id',
  'staff_tokens.organization_id',
  'notes.organization_id',
  'notes.id',
  'notes.ticket_id',
  'mailboxes.organization_id',
  'mailboxes.id',
  'mailbox_routes.owner_organization_id',
  'mailbox_routes.mailbox_id',
  'inbound_emails.organization_id',
  'inbound_emails.id',
  'inbound_emails.mailbox_id',
  'inbound_emails.ticket_id',
  'mail_message_ids.organization_id',
  'mail_message_ids.ticket_id',
  'email_outbox.message_id',
  'email_outbox.organization_id',
  'email_outbox.ticket_id',
  'attachments.id',
  'attachments.message_id',
  'attachments.organization_id',
  'attachments.ticket_id',
  'kb_article_revisions.article_id',
  'kb_article_revisions.id',
  'kb_article_revisions.organization_id',
  'kb_article_slugs.article_id',
  'kb_article_slugs.organization_id',
  'kb_articles.collection_id',
  'kb_articles.id',
  'kb_articles.organization_id',
  'kb_collections.id',
  'kb_collections.organization_id',
  'kb_conversations.id',
  'kb_conversations.organization_id',
  'kb_conversations.ticket_id',
  'kb_passage_embeddings.organization_id',
  'kb_passages.article_id',
  'kb_passages.id',
  'kb_passages.organization_id',
  'kb_terms.organization_id',
  'kb_turns.conversation_id',
  'kb_turns.id',
  'kb_turns.organization_id',
  'organization_slugs.organization_id',
  'widget_assistant_conversations.conversation_id',
  'widget_assistant_conversations.organization_id',
  'widget_assistant_conversations.visitor_id',
  'widget_conversations.customer_id',
  'widget_conversations.organization_id',
  'widget_conversations.ticket_id',
  'widget_conversations.visitor_id',
  'widget_conversations.widget_id',
  'widget_follow_ups.message_id',
  'widget_follow_ups.organization_id',
  'widget_follow_ups.ticket_id',
  'widget_key_lookup.owner_organization_id',
  'widget_key_lookup.widget_id',
  'widget_visitor_lookup.owner_organization_id',
  'widget_visitor_lookup.visitor_id',
  'widget_visitors.customer_id',
  'widget_visitors.id',
  'widget_visitors.organization_id',
  'widget_visitors.widget_id',
  'widgets.id',
  'widgets.organization_id',
];

describeEachDialect(
  'native uuid ids',
  (ctx) => {
    it('stores every generated id as uuid and only caller-chosen ids as text', async () => {
      const rows = await sql<{ column: string; type: string }>`
        SELECT table_name || '.' || column_name AS column, data_type AS type FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name NOT LIKE 'kysely\\_%'
           AND table_name NOT IN (SELECT relname FROM pg_class WHERE relispartition)
           AND (column_name = 'id' OR column_name LIKE '%\\_id')
         ORDER BY 1`.execute(ctx.database.db);
      const text = rows.rows.filter((r) => r.type !== 'uuid').map((r) => r.column);
      expect(text).toEqual(TEXT_ID_COLUMNS);
      const converted = [
        ...Object.entries(UUID_COLUMNS).flatMap(([table, columns]) => columns.map((c) => `${table}.${c}`)),
        ...LATER_UUID_COLUMNS,
      ];
      expect(
        rows.rows
          .filter((r) => r.type === 'uuid')
          .map((r) => r.column)
          .sort(),
      ).toEqual(converted.sort());
    });

    it('answers 4xx, never 500, for ids that are not UUIDs wherever a uuid column is compared', async () => {
      const org = await ctx.createOrg();
      const http = org.api;
      const ticket = await http.post('/api/v1/tickets', {
        subject: 's',
        message: 'm',
        customer: { email: 'u@example.com' },
      });
      expect(ticket.status).toBe(201);
      const id = ticket.body.data.id as string;
      const user = await postUser(http, 'agent-uuid');
      expect(user.status).toBe(201);
      const bad = 'not-a-uuid';
      const probes: [Method, string, unknown?][] = [
        ['GET', `/api/v1/tickets/${bad}`],
        ['GET', `/api/v1/tickets?customer_id=${bad}`],
        ['GET', `/api/v1/tickets?tag_id=${bad}`],
        ['PATCH', `/api/v1/tickets/${id}`, { team_id: bad }],
        ['PATCH', `/api/v1/tickets/${id}`, { add_tag_ids: [bad] }],
        [
          'POST',
          '/api/v1/tickets',
          { subject: 's', message: 'm', customer: { email: 'v@example.com' }, tag_ids: [bad] },
        ],
        ['POST', `/api/v1/tickets/${bad}/messages`, { content: 'x' }],
        ['POST', `/api/v1/tickets/${bad}/notes`, { content: 'x', user_id: 'agent-uuid' }],
        ['GET', `/api/v1/tickets/${bad}/notes`],
        ['GET', `/api/v1/customers/${bad}`],
        ['GET', `/api/v1/teams/${bad}`],
        ['GET', `/api/v1/tags/${bad}`],
        ['GET', `/api/v1/invitations/${bad}`],
        ['GET', `/api/v1/webhooks/${bad}`],
        ['GET', `/api/v1/webhooks/${bad}/deliveries`],
        ['DELETE', `/api/v1/api-keys/${bad}`],
        ['PATCH', `/api/v1/tickets/${id}`, { assignee_id: bad }],
        ['POST', '/api/v1/teams', { name: 'team', member_ids: [bad] }],
      ];
      for (const [method, path, body] of probes) {
        const res = await http.request(method, path, body);
        expect([400, 404, 422], `${method} ${path}`).toContain(res.status);
        expect(res.body.error.code, `${method} ${path}`).toMatch(/^(validation_error|not_found)$/);
      }
      // Upper-case UUIDs name the same resource (PostgreSQL's uuid compares them equal; text would not).
      expect((await http.get(`/api/v1/tickets/${id.toUpperCase()}`)).body.data.id).toBe(id);
    });
  },
  { dialects: ['postgres'], partitioned: true },
);
