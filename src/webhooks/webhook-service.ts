import type { QuotaService } from '../billing/quota-service.js';
import type { DatabaseHandle, TenantDb } from '../db/database.js';
import { checkPrecondition } from '../db/row-lock.js';
import type { Precondition } from '../shared/precondition.js';
import type { Clock } from '../shared/clock.js';
import { AppError, notFound } from '../shared/errors.js';
import { newId, newTimeOrderedId, pathUuid } from '../shared/ids.js';
import { offsetOf, paginationMeta, type PageQuery } from '../shared/pagination.js';
import { checkUrlShape, checkWebhookUrl, type Resolver } from './address-guard.js';
import {
  cancelQueuedDeliveries,
  findDelivery,
  insertDeliveries,
  listDeliveries,
  pruneDeliveries,
} from './delivery-store.js';
import { newSecret } from './signing.js';
import { serializePayload, TEST_EVENT, type EventType } from './webhook-events.js';
import { deliveryView, webhookCreatedView, webhookView } from './webhook-views.js';
import { wakeWorkers } from './webhook-wakeup.js';
import * as store from './webhook-store.js';

export interface WebhookPatch {
  name?: string;
  url?: string;
  events?: EventType[];
  is_active?: boolean;
}

const dedupe = <T>(values: T[]): T[] => [...new Set(values)];
const eventsOf = (row: store.WebhookRow): EventType[] => JSON.parse(row.events) as EventType[];

/** A readable name for a webhook created by subscribe-by-URL: host and path, at most 100 characters. */
export function nameFromUrl(url: string): string {
  const u = new URL(url);
  const path = u.pathname === '/' ? '' : u.pathname;
  return `${u.host}${path}`.slice(0, 100) || 'webhook';
}

export interface WebhookServiceDeps {
  database: DatabaseHandle;
  clock: Clock;
  /** Accept URLs that resolve to private addresses (config.webhooks; tests and trusted networks). */
  allowPrivateTargets: boolean;
  /** DNS resolver for URL checks (tests pass a fake; the system resolver otherwise). */
  resolve?: Resolver;
  quota: Pick<QuotaService, 'assertWebhookAvailable'>;
}

type QueuedDelivery = Parameters<typeof insertDeliveries>[1][number];

/**
 * Queues one delivery (a test ping or a redelivery), wakes the workers after commit and answers its
 * record: no attempt yet (status null until the first attempt finishes), due at dueAt.
 */
async function queueOne(t: TenantDb, delivery: QueuedDelivery, dueAt: number) {
  await insertDeliveries(t, [delivery]);
  await wakeWorkers(t);
  return {
    ...deliveryView({
      ...delivery,
      status: null,
      status_code: null,
      attempt_count: 0,
      completed_at: null,
      next_attempt_at: dueAt,
    }),
    status: null,
  };
}

export function createWebhookService({ database, clock, allowPrivateTargets, resolve, quota }: WebhookServiceDeps) {
  async function assertUrl(url: string, field = 'url'): Promise<void> {
    const problem = await checkWebhookUrl(url, { allowPrivate: allowPrivateTargets, resolve });
    if (problem) throw new AppError(400, 'validation_error', problem.message, [{ field, issue: problem.issue }]);
  }

  /** `toQueue`: a delivery is about to be queued for it, so it is locked against a concurrent deletion (store.findWebhook). */
  async function load(t: TenantDb, id: string, options: { toQueue?: boolean } = {}): Promise<store.WebhookRow> {
    const row = await store.findWebhook(t, pathUuid(id, 'webhook'), options);
    if (!row) throw notFound('webhook');
    return row;
  }

  function newRow(fields: { name: string; url: string; events: EventType[] }): store.NewWebhook {
    const now = clock();
    return {
      id: newId(),
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

  /** Concurrent subscribes to one URL must find each other's webhook, not create one each. */
  const lockSubscriptions = (t: TenantDb) => t.lockKey(`webhook-subscriptions:${t.organizationId}`);

  return {
    async list(organizationId: string) {
      return (await store.listWebhooks(database.forOrganization(organizationId))).map(webhookView);
    },

    async get(organizationId: string, id: string) {
      return webhookView(await load(database.forOrganization(organizationId), id));
    },

    async create(organizationId: string, input: { name: string; url: string; events: EventType[] }) {
      await assertUrl(input.url);
      const row = newRow(input);
      // The view is the transaction's result: an idempotent request stores it with the row, in the same transaction.
      return database.forOrganization(organizationId).transaction(async (t) => {
        await quota.assertWebhookAvailable(t);
        await store.insertWebhook(t, row);
        return webhookCreatedView(row);
      });
    },

    async update(organizationId: string, rawId: string, patch: WebhookPatch, precondition?: Precondition<WebhookView>) {
      const existing = await load(database.forOrganization(organizationId), rawId);
      const id = existing.id;
      if (patch.url !== undefined && patch.url !== existing.url) await assertUrl(patch.url);
      return database.forOrganization(organizationId).transaction(async (t) => {
        const current = await store.findWebhook(t, id);
        if (!current) throw notFound('webhook');
        await checkPrecondition(t, 'webhooks', id, precondition, async () =>
          webhookView((await store.findWebhook(t, id))!),
        );
        if (Object.values(patch).every((v) => v === undefined)) return webhookView(current);
        const urlChanged = patch.url !== undefined && patch.url !== current.url;
        const changes: store.WebhookChanges = { updated_at: clock() };
        if (patch.name !== undefined) changes.name = patch.name;
        if (patch.url !== undefined) changes.url = patch.url;
        if (patch.events !== undefined) changes.events = JSON.stringify(dedupe(patch.events));
        if (patch.is_active !== undefined) changes.is_active = patch.is_active ? 1 : 0;
        // Re-enabling or pointing at a new URL closes the circuit breaker.
        if (patch.is_active === true || urlChanged) changes.failure_count = 0;
        await store.updateWebhook(t, id, changes);
        if (patch.is_active === false) await cancelQueuedDeliveries(t, id);
        return webhookView({ ...current, ...changes });
      });
    },

    async remove(organizationId: string, id: string, precondition?: Precondition<WebhookView>) {
      const webhookId = pathUuid(id, 'webhook');
      // In a transaction, so that a deadlock with a worker recording this webhook's attempts (the
      // deletion of its deliveries meets rows the worker holds) is retried rather than answered 500.
      const deleted = await database.forOrganization(organizationId).transaction(async (t) => {
        await checkPrecondition(t, 'webhooks', webhookId, precondition, async () =>
          webhookView(await load(t, webhookId)),
        );
        return store.deleteWebhook(t, webhookId);
      });
      if (!deleted) throw notFound('webhook');
    },

    async deliveries(organizationId: string, id: string, page: PageQuery) {
      const t = database.forOrganization(organizationId);
      const hook = await load(t, id);
      const { rows, total } = await listDeliveries(t, hook.id, offsetOf(page), page.limit);
      return { data: rows.map(deliveryView), meta: paginationMeta(page, total) };
    },

    /** POST /webhooks/{id}/test: one webhook.test delivery for this webhook only (whatever its events, is_active or breaker). */
    async test(organizationId: string, rawId: string) {
      const now = clock();
      return database.forOrganization(organizationId).transaction(async (t) => {
        const hook = await load(t, rawId, { toQueue: true });
        const delivery = {
          id: newTimeOrderedId(),
          webhook_id: hook.id,
          event: TEST_EVENT,
          // Not a change, so not in the event log: the ping's own id is its webhook-id, its body is its own.
          event_id: newId(),
          body: serializePayload(TEST_EVENT, now, organizationId, { webhook_id: hook.id }),
          created_at: now,
        };
        return queueOne(t, delivery, now);
      });
    },

    /**
     * POST /webhooks/{id}/deliveries/{delivery_id}/retry: a new attempt series of the same event, due
     * now: same body bytes (the row's own, or built from the same event), same webhook-id, same event time.
     */
    async retry(organizationId: string, rawId: string, rawDeliveryId: string) {
      const now = clock();
      return database.forOrganization(organizationId).transaction(async (t) => {
        const hook = await load(t, rawId, { toQueue: true });
        const original = await findDelivery(t, hook.id, pathUuid(rawDeliveryId, 'delivery'));
        if (!original) throw notFound('delivery');
        const delivery = {
          id: newTimeOrderedId(),
          webhook_id: hook.id,
          event: original.event,
          // A row from before the event log was its own webhook-id: its redeliveries keep it.
          event_id: original.event_id ?? original.id,
          body: original.body,
          created_at: original.created_at,
          due_at: now,
        };
        return queueOne(t, delivery, now);
      });
    },

    /** POST /webhooks/{id}/rotate-secret: a new secret; the previous one also signs for `previousExpiresInS` seconds. */
    async rotateSecret(organizationId: string, rawId: string, previousExpiresInS: number) {
      const now = clock();
      return database.forOrganization(organizationId).transaction(async (t) => {
        const current = await load(t, rawId);
        const changes: store.WebhookChanges = {
          secret: newSecret(),
          previous_secret: previousExpiresInS > 0 ? current.secret : null,
          previous_secret_expires_at: previousExpiresInS > 0 ? now + previousExpiresInS * 1000 : null,
          updated_at: now,
        };
        await store.updateWebhook(t, current.id, changes);
        return { ...webhookView({ ...current, ...changes }), secret: changes.secret! };
      });
    },

    /** Retention: deletes the organization's delivery records created before `before`, in small batches. */
    async pruneHistory(organizationId: string, before: number, batch: number): Promise<number> {
      const t = database.forOrganization(organizationId);
      let deleted = 0;
      for (const hook of await store.listWebhooks(t)) {
        for (;;) {
          const n = await pruneDeliveries(t, hook.id, before, batch);
          deleted += n;
          if (n < batch) break;
        }
      }
      return deleted;
    },

    /** Adds the event to the oldest webhook with this exact URL, or creates one. */
    async subscribe(organizationId: string, url: string, event: EventType) {
      await assertUrl(url);
      return database.forOrganization(organizationId).transaction(async (t) => {
        await lockSubscriptions(t);
        const [existing] = await store.findWebhooksByUrl(t, url);
        if (existing) {
          const events = eventsOf(existing);
          if (!events.includes(event)) {
            await store.updateWebhook(t, existing.id, {
              events: JSON.stringify([...events, event]),
              updated_at: clock(),
            });
          }
          return { id: existing.id, url: existing.url, event };
        }
        await quota.assertWebhookAvailable(t);
        const row = newRow({ name: nameFromUrl(url), url, events: [event] });
        await store.insertWebhook(t, row);
        return { id: row.id, url: row.url, event };
      });
    },

    /** Removes the event (or, without one, the whole subscription) from every webhook with this URL. */
    async unsubscribe(organizationId: string, url: string, event: EventType | undefined) {
      const shape = checkUrlShape(url, true);
      if ('problem' in shape)
        throw new AppError(400, 'validation_error', shape.problem.message, [
          { field: 'url', issue: shape.problem.issue },
        ]);
      await database.forOrganization(organizationId).transaction(async (t) => {
        await lockSubscriptions(t);
        for (const hook of await store.findWebhooksByUrl(t, url)) {
          const events = eventsOf(hook);
          if (event !== undefined && !events.includes(event)) continue;
          const remaining = event === undefined ? [] : events.filter((e) => e !== event);
          if (remaining.length === 0) await store.deleteWebhook(t, hook.id);
          else await store.updateWebhook(t, hook.id, { events: JSON.stringify(remaining), updated_at: clock() });
        }
      });
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
type WebhookView = ReturnType<typeof webhookView>;
