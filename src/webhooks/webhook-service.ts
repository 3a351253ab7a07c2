import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../app-deps.js';
import { lockKey } from '../db/database.js';
import { assertWebhookQuota } from '../billing/plan-limits.js';
import { AppError, notFound } from '../shared/errors.js';
import { newId, pathUuid } from '../shared/ids.js';
import { offsetOf, paginationMeta, type PageQuery } from '../shared/pagination.js';
import { checkUrlShape, checkWebhookUrl, type Resolver } from './address-guard.js';
import { listDeliveries } from './delivery-store.js';
import type { EventType } from './outbox.js';
import { deliveryView, webhookCreatedView, webhookView } from './webhook-views.js';
import {
  cancelQueuedDeliveries,
  deleteWebhook,
  findWebhook,
  findWebhooksByUrl,
  insertWebhook,
  listWebhooks,
  updateWebhook,
  type WebhookRow,
} from './webhook-store.js';

export interface WebhookPatch {
  name?: string;
  url?: string;
  events?: EventType[];
  is_active?: boolean;
}

const dedupe = <T>(values: T[]): T[] => [...new Set(values)];
const newSecret = (): string => `whsec_${randomBytes(32).toString('hex')}`;
const eventsOf = (row: WebhookRow): EventType[] => JSON.parse(row.events) as EventType[];

/** A readable name for a webhook created by subscribe-by-URL: host and path, at most 100 characters. */
export function nameFromUrl(url: string): string {
  const u = new URL(url);
  const path = u.pathname === '/' ? '' : u.pathname;
  return `${u.host}${path}`.slice(0, 100) || 'webhook';
}

export function createWebhookService(deps: Pick<AppDeps, 'database' | 'clock' | 'config'> & { resolve?: Resolver }) {
  const { database, clock, config } = deps;

  async function assertUrl(url: string, field = 'url'): Promise<void> {
    const problem = await checkWebhookUrl(url, { allowPrivate: config.webhooks.allowPrivateTargets, resolve: deps.resolve });
    if (problem) throw new AppError(400, 'validation_error', problem.message, [{ field, issue: problem.issue }]);
  }

  async function load(organizationId: string, id: string): Promise<WebhookRow> {
    const row = await findWebhook(database.db, organizationId, pathUuid(id, 'webhook'));
    if (!row) throw notFound('webhook');
    return row;
  }

  function newRow(organizationId: string, fields: { name: string; url: string; events: EventType[] }): WebhookRow {
    const now = clock();
    return {
      id: newId(),
      organization_id: organizationId,
      name: fields.name,
      url: fields.url,
      secret: newSecret(),
      events: JSON.stringify(dedupe(fields.events)),
      is_active: 1,
      failure_count: 0,
      last_delivery_at: null,
      last_delivery_status: null,
      created_at: now,
      updated_at: now,
    };
  }

  return {
    async list(organizationId: string) {
      return (await listWebhooks(database.db, organizationId)).map(webhookView);
    },

    async get(organizationId: string, id: string) {
      return webhookView(await load(organizationId, id));
    },

    async create(organizationId: string, input: { name: string; url: string; events: EventType[] }) {
      await assertUrl(input.url);
      const row = newRow(organizationId, input);
      await database.transaction(async (trx) => {
        await assertWebhookQuota(trx, database.dialect, organizationId);
        await insertWebhook(trx, row);
      });
      return webhookCreatedView(row);
    },

    async update(organizationId: string, rawId: string, patch: WebhookPatch) {
      const existing = await load(organizationId, rawId);
      const id = existing.id;
      if (patch.url !== undefined && patch.url !== existing.url) await assertUrl(patch.url);
      return database.transaction(async (trx) => {
        const current = await findWebhook(trx, organizationId, id);
        if (!current) throw notFound('webhook');
        if (Object.values(patch).every((v) => v === undefined)) return webhookView(current);
        const urlChanged = patch.url !== undefined && patch.url !== current.url;
        const changes: Partial<WebhookRow> = { updated_at: clock() };
        if (patch.name !== undefined) changes.name = patch.name;
        if (patch.url !== undefined) changes.url = patch.url;
        if (patch.events !== undefined) changes.events = JSON.stringify(dedupe(patch.events));
        if (patch.is_active !== undefined) changes.is_active = patch.is_active ? 1 : 0;
        // Re-enabling or pointing at a new URL closes the circuit breaker.
        if (patch.is_active === true || urlChanged) changes.failure_count = 0;
        await updateWebhook(trx, organizationId, id, changes);
        if (patch.is_active === false) await cancelQueuedDeliveries(trx, id);
        return webhookView({ ...current, ...changes });
      });
    },

    async remove(organizationId: string, id: string) {
      if (!(await deleteWebhook(database.db, organizationId, pathUuid(id, 'webhook')))) throw notFound('webhook');
    },

    async deliveries(organizationId: string, id: string, page: PageQuery) {
      const hook = await load(organizationId, id);
      const { rows, total } = await listDeliveries(database.db, hook.id, offsetOf(page), page.limit);
      return { data: rows.map(deliveryView), meta: paginationMeta(page, total) };
    },

    /** Adds the event to the oldest webhook with this exact URL, or creates one. */
    async subscribe(organizationId: string, url: string, event: EventType) {
      await assertUrl(url);
      return database.transaction(async (trx) => {
        // Concurrent subscribes to one URL must find each other's webhook, not create one each.
        await lockKey(trx, database.dialect, `webhook-subscriptions:${organizationId}`);
        const [existing] = await findWebhooksByUrl(trx, organizationId, url);
        if (existing) {
          const events = eventsOf(existing);
          if (!events.includes(event)) {
            await updateWebhook(trx, organizationId, existing.id, { events: JSON.stringify([...events, event]), updated_at: clock() });
          }
          return { id: existing.id, url: existing.url, event };
        }
        await assertWebhookQuota(trx, database.dialect, organizationId);
        const row = newRow(organizationId, { name: nameFromUrl(url), url, events: [event] });
        await insertWebhook(trx, row);
        return { id: row.id, url: row.url, event };
      });
    },

    /** Removes the event (or, without one, the whole subscription) from every webhook with this URL. */
    async unsubscribe(organizationId: string, url: string, event: EventType | undefined) {
      const shape = checkUrlShape(url, true);
      if ('problem' in shape) throw new AppError(400, 'validation_error', shape.problem.message, [{ field: 'url', issue: shape.problem.issue }]);
      await database.transaction(async (trx) => {
        await lockKey(trx, database.dialect, `webhook-subscriptions:${organizationId}`);
        for (const hook of await findWebhooksByUrl(trx, organizationId, url)) {
          const events = eventsOf(hook);
          if (event !== undefined && !events.includes(event)) continue;
          const remaining = event === undefined ? [] : events.filter((e) => e !== event);
          if (remaining.length === 0) await deleteWebhook(trx, organizationId, hook.id);
          else await updateWebhook(trx, organizationId, hook.id, { events: JSON.stringify(remaining), updated_at: clock() });
        }
      });
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
