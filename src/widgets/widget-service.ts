import { randomBytes } from 'node:crypto';
import type { SecretBox } from '../auth/staff-secret-box.js';
import type { DatabaseHandle } from '../db/database.js';
import { iso, type Clock } from '../shared/clock.js';
import { notFound } from '../shared/errors.js';
import { newTimeOrderedId, pathUuid } from '../shared/ids.js';
import { normalizeOrigins } from './widget-origins.js';
import type {
  CreateWidgetInput,
  IdentityMode,
  UpdateWidgetInput,
  WidgetView,
  WidgetWithSecretView,
} from './widget-schemas.js';
import * as store from './widget-store.js';

// Widgets (scope admin): what an organization embeds in its sites. The key is public (it sits in the
// page); the identity secret signs the identity tokens of the site's backend (HS256), so it must be
// readable to verify them: it is sealed with the installation's secret box, shown once when made
// (create, rotation) and never again.

export interface WidgetServiceDeps {
  database: DatabaseHandle;
  clock: Clock;
  secrets: SecretBox;
}

/** A widget as the visitor side needs it: where it may run, and how visitors are identified. */
export interface ResolvedWidget {
  organizationId: string;
  id: string;
  allowedOrigins: string[];
  identity: IdentityMode;
  /** Opens the identity secret (only when an identity token has to be checked). */
  identitySecret(): Promise<string>;
}

const newKey = () => `wk_${randomBytes(18).toString('base64url')}`;
const newSecret = () => randomBytes(32).toString('base64url');

export function widgetView(row: store.WidgetRow): WidgetView {
  return {
    id: row.id,
    name: row.name,
    key: row.key,
    allowed_origins: JSON.parse(row.allowed_origins) as string[],
    identity: row.identity as IdentityMode,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function createWidgetService({ database, clock, secrets }: WidgetServiceDeps) {
  const widgetId = (raw: string) => pathUuid(raw, 'widget');

  async function load(organizationId: string, rawId: string): Promise<store.WidgetRow> {
    const row = await store.findWidget(database.forOrganization(organizationId), widgetId(rawId));
    if (!row) throw notFound('widget');
    return row;
  }

  const resolved = (organizationId: string, row: store.WidgetRow): ResolvedWidget => ({
    organizationId,
    id: row.id,
    allowedOrigins: JSON.parse(row.allowed_origins) as string[],
    identity: row.identity as IdentityMode,
    identitySecret: () => secrets.open(row.identity_secret),
  });

  return {
    async create(organizationId: string, input: CreateWidgetInput): Promise<WidgetWithSecretView> {
      const origins = normalizeOrigins(input.allowed_origins);
      const secret = newSecret();
      const now = clock();
      const row: store.WidgetRow = {
        id: newTimeOrderedId(now),
        name: input.name.trim(),
        key: newKey(),
        allowed_origins: JSON.stringify(origins),
        identity: input.identity ?? 'optional',
        identity_secret: await secrets.seal(secret),
        created_at: now,
        updated_at: now,
      };
      await database.system.transaction(async (s) => {
        await store.insertWidget(s.forOrganization(organizationId), row);
        await store.insertKeyLookup(s, row.key, organizationId, row.id);
      });
      return { ...widgetView(row), identity_secret: secret };
    },

    async list(organizationId: string): Promise<WidgetView[]> {
      return (await store.listWidgets(database.forOrganization(organizationId))).map(widgetView);
    },

    async get(organizationId: string, rawId: string): Promise<WidgetView> {
      return widgetView(await load(organizationId, rawId));
    },

    async update(organizationId: string, rawId: string, input: UpdateWidgetInput): Promise<WidgetView> {
      const row = await load(organizationId, rawId);
      const changes: Partial<store.WidgetRow> = { updated_at: clock() };
      if (input.name !== undefined) changes.name = input.name.trim();
      if (input.allowed_origins !== undefined) {
        changes.allowed_origins = JSON.stringify(normalizeOrigins(input.allowed_origins));
      }
      if (input.identity !== undefined) changes.identity = input.identity;
      await store.updateWidget(database.forOrganization(organizationId), row.id, changes);
      return widgetView({ ...row, ...changes });
    },

    async rotateIdentitySecret(organizationId: string, rawId: string): Promise<WidgetWithSecretView> {
      const row = await load(organizationId, rawId);
      const secret = newSecret();
      const changes = { identity_secret: await secrets.seal(secret), updated_at: clock() };
      await store.updateWidget(database.forOrganization(organizationId), row.id, changes);
      return { ...widgetView({ ...row, ...changes }), identity_secret: secret };
    },

    /** Deletes the widget; its visitor sessions end with it, the tickets opened through it stay. */
    async remove(organizationId: string, rawId: string): Promise<void> {
      const row = await load(organizationId, rawId);
      await database.system.transaction(async (s) => {
        if (!(await store.deleteWidget(s.forOrganization(organizationId), row.id))) throw notFound('widget');
        await store.deleteKeyLookup(s, row.key);
      });
    },

    /** The widget a public key names (null: none, or a leftover of a deleted organization). */
    async resolveKey(key: string): Promise<ResolvedWidget | null> {
      const hit = await store.findKeyLookup(database.system, key);
      if (!hit) return null;
      const row = await store.findWidget(database.forOrganization(hit.owner_organization_id), hit.widget_id);
      return row && row.key === key ? resolved(hit.owner_organization_id, row) : null;
    },

    /** A widget by id within its organization (the visitor side, from a visitor's session). */
    async resolveId(organizationId: string, id: string): Promise<ResolvedWidget | null> {
      const row = await store.findWidget(database.forOrganization(organizationId), id);
      return row ? resolved(organizationId, row) : null;
    },
  };
}

export type WidgetService = ReturnType<typeof createWidgetService>;
