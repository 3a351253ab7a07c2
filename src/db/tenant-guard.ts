import type { KyselyPlugin, QueryCompiler } from 'kysely';
import type { Database } from './schema.js';

// A check, switched on under test, that every statement run through an organization-scoped handle
// is confined to that organization: each reference to a tenant table (FROM, JOIN, UPDATE, DELETE
// FROM, INSERT INTO) is matched by an `organization_id = <that organization>` condition or by a
// join on organization_id, and no condition names another organization. It reads the SQL as the
// driver will receive it, so joins, subqueries and raw `sql` fragments are checked alike.

/** Tables whose rows belong to one organization (every one has organization_id). */
export type TenantTable = {
  [K in keyof Database]: Database[K] extends { organization_id: string } ? K : never;
}[keyof Database];

export const TENANT_TABLES: ReadonlySet<string> = new Set<TenantTable>([
  'organization_counters',
  'ticket_counts',
  'api_keys',
  'users',
  'teams',
  'team_members',
  'tags',
  'customers',
  'customer_counts',
  'tickets',
  'messages',
  'notes',
  'ticket_tags',
  'webhooks',
  'webhook_deliveries',
  'plans',
  'ticket_usage',
  'invitations',
  'ai_credit_ledger',
  'idempotency_keys',
  'events',
  'webhook_delivery_totals',
  'staff_credentials',
  'staff_sessions',
  'staff_tokens',
  'staff_auth_settings',
  'widgets',
  'widget_visitors',
  'widget_conversations',
  'widget_follow_ups',
  'widget_assistant_conversations',
  'mailboxes',
  'inbound_emails',
  'mail_message_ids',
  'kb_collections',
  'kb_articles',
  'kb_article_slugs',
  'kb_article_revisions',
  'kb_passages',
  'kb_conversations',
  'kb_turns',
  'kb_passage_embeddings',
  'kb_terms',
  'email_outbox',
  'attachments',
]);

export class TenantScopeError extends Error {}

const TABLE_REF = /\b(?:from|join|update|into)\s+"?([a-z_]+)"?/gi;
const ORG_PARAM = /"?organization_id"?\s*=\s*(\$\d+|\?)/gi;
const ORG_JOIN = /"?organization_id"?\s*=\s*"?[a-z_]+"?\."?organization_id"?/gi;

/**
 * Why a compiled statement is not confined to organizationId, or null when it is. Placeholders are
 * `$n` (PostgreSQL) or positional `?` (SQLite).
 */
export function tenantScopeProblem(
  sqlText: string,
  parameters: readonly unknown[],
  organizationId: string,
): string | null {
  const tables = [...sqlText.matchAll(TABLE_REF)].map((m) => m[1].toLowerCase()).filter((t) => TENANT_TABLES.has(t));
  if (tables.length === 0) return null;

  // A chain of writes in data-modifying CTEs (PostgreSQL): each insert or update checked with its own
  // parameters ($n placeholders are numbered across the whole statement, in order). An update starts
  // at `update "<table>" set` (Kysely quotes table names; ON CONFLICT's `do update set` is not one).
  const chain = /^\s*with\s+"?[a-z0-9_]+"?\s+as\s+\(\s*(?:insert|update)\b/i.test(sqlText)
    ? sqlText.split(/(?=\binsert\s+into\b|\bupdate\s+"[a-z_]+"\s+set\b)/i).slice(1)
    : null;
  if (chain) {
    let offset = 0;
    for (const part of chain) {
      const count = (part.match(/\$\d+/g) ?? []).length;
      // The part's placeholders renumbered from $1, to index its own parameters.
      const own = part.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) - offset}`);
      const problem = tenantScopeProblem(own, parameters.slice(offset, offset + count), organizationId);
      if (problem) return problem;
      offset += count;
    }
    return null;
  }

  if (/^\s*insert\b/i.test(sqlText)) {
    const columns = /^\s*insert\s+into\s+"?[a-z_]+"?\s*\(([^)]*)\)/i.exec(sqlText)?.[1];
    if (!columns) return `INSERT into ${tables[0]} without a column list`;
    const names = columns.split(',').map((c) => c.trim().replace(/"/g, ''));
    const at = names.indexOf('organization_id');
    if (at < 0) return `INSERT into ${tables[0]} without organization_id`;
    // Every row's organization_id value is the handle's organization.
    for (let i = at; i < parameters.length; i += names.length) {
      if (parameters[i] !== organizationId) return `INSERT into ${tables[0]} for another organization`;
    }
    return null;
  }

  let scoped = 0;
  for (const m of sqlText.matchAll(ORG_PARAM)) {
    const placeholder = m[1];
    const index = placeholder === '?' ? countPlaceholders(sqlText.slice(0, m.index)) : Number(placeholder.slice(1)) - 1;
    if (parameters[index] !== organizationId) return 'a condition names another organization';
    scoped++;
  }
  scoped += [...sqlText.matchAll(ORG_JOIN)].length;
  if (scoped < tables.length) {
    return `${tables.length} tenant table reference(s) (${tables.join(', ')}) but ${scoped} organization condition(s)`;
  }
  return null;
}

const countPlaceholders = (text: string): number => (text.match(/\?/g) ?? []).length;

/** The Kysely plugin that throws TenantScopeError for a statement tenantScopeProblem rejects. */
export function tenantGuard(organizationId: string, compiler: QueryCompiler): KyselyPlugin {
  return {
    transformQuery({ node, queryId }) {
      const compiled = compiler.compileQuery(node, queryId);
      const problem = tenantScopeProblem(compiled.sql, compiled.parameters, organizationId);
      if (problem)
        throw new TenantScopeError(`statement not confined to its organization: ${problem}\n${compiled.sql}`);
      return node;
    },
    async transformResult({ result }) {
      return result;
    },
  };
}
