import createClient, { type Client } from 'openapi-fetch';
import { createAuth } from './auth.js';
import { ApiError } from './errors.js';
import type { Event, EventPage, EventType } from './events.js';
import type { components, operations, paths } from './openapi.js';
import { iterateCursor, iteratePages } from './pagination.js';
import { type CallOptions, callHeaders, createRequester } from './request.js';
import { defaultSleep, retryingFetch, type RetryOptions } from './retry.js';

type Schemas = components['schemas'];
type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;
type Page<T> = { data: T[]; meta: Schemas['PaginationMeta'] };

export interface HelpdeskOptions {
  /** An API key (`hdk_…`). Either this or `session`. */
  apiKey?: string;
  /**
   * Cookie-session mode (a browser signed in as a staff user): no API key, requests carry the session cookie
   * (`credentials: 'include'`), and POST/PUT/PATCH/DELETE carry `X-CSRF-Token`. The token is learned from
   * the answer of `auth.login`, `auth.session` and the other sign-in calls, or given here.
   */
  session?: boolean | { csrfToken?: string };
  /** Where the API runs (default http://localhost:3000); paths start with /api/v1. */
  baseUrl?: string;
  /** Retries on 429/503 and network errors (see retry.ts); false turns them off. */
  retry?: RetryOptions | false;
  /** The fetch to send requests with (default globalThis.fetch). */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** How waits between retries are made (tests); default setTimeout. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Idempotency-Key generator for POSTs (default crypto.randomUUID). */
  idempotencyKey?: () => string;
}

export type { CallOptions };

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The data of a 2xx answer, or an ApiError for any other. */
async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || error !== undefined) throw ApiError.fromResponse(response, error);
  return data as T;
}

const init = (options: CallOptions = {}) => ({ signal: options.signal, headers: callHeaders(options) });

export function createHelpdesk(options: HelpdeskOptions) {
  const sessionMode = !!options.session;
  if (!sessionMode && !options.apiKey) throw new TypeError('createHelpdesk needs an apiKey, or session: true');
  let csrfToken = typeof options.session === 'object' ? options.session.csrfToken : undefined;
  const credentials: RequestCredentials | undefined = sessionMode ? 'include' : undefined;
  const baseUrl = (options.baseUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  const transport = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const fetch =
    options.retry === false
      ? transport
      : retryingFetch(options.retry ?? {}, {
          fetch: transport,
          sleep: options.sleep ?? defaultSleep,
          random: Math.random,
          now: Date.now,
        });
  const headers = sessionMode
    ? { ...options.headers }
    : { ...options.headers, Authorization: `Bearer ${options.apiKey}` };
  const raw: Client<paths> = createClient<paths>({ baseUrl, fetch, headers, ...(credentials ? { credentials } : {}) });
  const newKey = options.idempotencyKey ?? (() => crypto.randomUUID());
  // One key per logical call, set before the retrying fetch: every attempt of the call repeats it. A session
  // proves each write came from the console's own page with the CSRF token it was given at sign-in.
  const prepare = (request: Request) => {
    if (request.method === 'POST' && !request.headers.has('idempotency-key'))
      request.headers.set('Idempotency-Key', newKey());
    if (sessionMode && csrfToken && UNSAFE_METHODS.has(request.method)) request.headers.set('X-CSRF-Token', csrfToken);
    return request;
  };
  raw.use({ onRequest: ({ request }) => prepare(request) });
  const plainRequest = createRequester(
    baseUrl,
    fetch,
    (request) => {
      for (const [name, value] of Object.entries(headers))
        if (!request.headers.has(name)) request.headers.set(name, value);
      return prepare(request);
    },
    credentials,
  );
  const auth = createAuth(plainRequest, (signedIn) => {
    csrfToken = signedIn?.csrf_token;
  });

  const tickets = {
    list: (query: Query<'listTickets'> = {}, o?: CallOptions): Promise<Page<Schemas['TicketListItem']>> =>
      unwrap(raw.GET('/api/v1/tickets', { params: { query }, ...init(o) })),
    /** Every ticket matching the filters, page after page (`query.page` is the first page). */
    iterate: (query: Query<'listTickets'> = {}, o?: CallOptions) =>
      iteratePages((page) => tickets.list({ ...query, page }, o), query.page),
    get: async (ticketId: string, o?: CallOptions): Promise<Schemas['Ticket']> =>
      (await unwrap(raw.GET('/api/v1/tickets/{ticket_id}', { params: { path: { ticket_id: ticketId } }, ...init(o) })))
        .data,
    create: async (body: Schemas['CreateTicketInput'], o?: CallOptions): Promise<Schemas['Ticket']> =>
      (await unwrap(raw.POST('/api/v1/tickets', { body, ...init(o) }))).data,
    update: async (ticketId: string, body: Schemas['UpdateTicketInput'], o?: CallOptions): Promise<Schemas['Ticket']> =>
      (
        await unwrap(
          raw.PATCH('/api/v1/tickets/{ticket_id}', { params: { path: { ticket_id: ticketId } }, body, ...init(o) }),
        )
      ).data,
    addMessage: async (
      ticketId: string,
      body: Schemas['AddMessageInput'],
      o?: CallOptions,
    ): Promise<Schemas['Message']> =>
      (
        await unwrap(
          raw.POST('/api/v1/tickets/{ticket_id}/messages', {
            params: { path: { ticket_id: ticketId } },
            body,
            ...init(o),
          }),
        )
      ).data,
    /** Internal notes: staff-only, never in the ticket's messages nor sent to the customer. */
    notes: {
      /** Every note of the ticket, oldest first. */
      list: async (ticketId: string, o?: CallOptions): Promise<Schemas['Note'][]> =>
        (
          await unwrap(
            raw.GET('/api/v1/tickets/{ticket_id}/notes', { params: { path: { ticket_id: ticketId } }, ...init(o) }),
          )
        ).data,
      /** Adds a note; with an API key, `user_id` (a staff user of the organization) is required. */
      create: async (ticketId: string, body: Schemas['AddNoteInput'], o?: CallOptions): Promise<Schemas['Note']> =>
        (
          await unwrap(
            raw.POST('/api/v1/tickets/{ticket_id}/notes', {
              params: { path: { ticket_id: ticketId } },
              body,
              ...init(o),
            }),
          )
        ).data,
    },
  };

  const customers = {
    list: (query: Query<'listCustomers'> = {}, o?: CallOptions): Promise<Page<Schemas['Customer']>> =>
      unwrap(raw.GET('/api/v1/customers', { params: { query }, ...init(o) })),
    iterate: (query: Query<'listCustomers'> = {}, o?: CallOptions) =>
      iteratePages((page) => customers.list({ ...query, page }, o), query.page),
    get: async (customerId: string, o?: CallOptions): Promise<Schemas['Customer']> =>
      (
        await unwrap(
          raw.GET('/api/v1/customers/{customer_id}', { params: { path: { customer_id: customerId } }, ...init(o) }),
        )
      ).data,
    create: async (body: Schemas['CreateCustomerInput'], o?: CallOptions): Promise<Schemas['Customer']> =>
      (await unwrap(raw.POST('/api/v1/customers', { body, ...init(o) }))).data,
    update: async (
      customerId: string,
      body: Schemas['UpdateCustomerInput'],
      o?: CallOptions,
    ): Promise<Schemas['Customer']> =>
      (
        await unwrap(
          raw.PATCH('/api/v1/customers/{customer_id}', {
            params: { path: { customer_id: customerId } },
            body,
            ...init(o),
          }),
        )
      ).data,
    /** Deletes the customer with all of its tickets (irreversible). */
    delete: async (customerId: string, o?: CallOptions): Promise<void> => {
      await unwrap(
        raw.DELETE('/api/v1/customers/{customer_id}', { params: { path: { customer_id: customerId } }, ...init(o) }),
      );
    },
  };

  const webhooks = {
    list: async (o?: CallOptions): Promise<Schemas['Webhook'][]> =>
      (await unwrap(raw.GET('/api/v1/webhooks', { ...init(o) }))).data,
    get: async (webhookId: string, o?: CallOptions): Promise<Schemas['Webhook']> =>
      (
        await unwrap(
          raw.GET('/api/v1/webhooks/{webhook_id}', { params: { path: { webhook_id: webhookId } }, ...init(o) }),
        )
      ).data,
    /** The answer holds the signing secret: this is the only time the API shows it. */
    create: async (body: Schemas['CreateWebhookInput'], o?: CallOptions): Promise<Schemas['WebhookWithSecret']> =>
      (await unwrap(raw.POST('/api/v1/webhooks', { body, ...init(o) }))).data,
    update: async (
      webhookId: string,
      body: Schemas['UpdateWebhookInput'],
      o?: CallOptions,
    ): Promise<Schemas['Webhook']> =>
      (
        await unwrap(
          raw.PATCH('/api/v1/webhooks/{webhook_id}', { params: { path: { webhook_id: webhookId } }, body, ...init(o) }),
        )
      ).data,
    delete: async (webhookId: string, o?: CallOptions): Promise<void> => {
      await unwrap(
        raw.DELETE('/api/v1/webhooks/{webhook_id}', { params: { path: { webhook_id: webhookId } }, ...init(o) }),
      );
    },
    deliveries: (
      webhookId: string,
      query: Query<'listWebhookDeliveries'> = {},
      o?: CallOptions,
    ): Promise<Page<Schemas['WebhookDelivery']>> =>
      unwrap(
        raw.GET('/api/v1/webhooks/{webhook_id}/deliveries', {
          params: { path: { webhook_id: webhookId }, query },
          ...init(o),
        }),
      ),
    iterateDeliveries: (webhookId: string, query: Query<'listWebhookDeliveries'> = {}, o?: CallOptions) =>
      iteratePages((page) => webhooks.deliveries(webhookId, { ...query, page }, o), query.page),
    subscribe: async (body: Schemas['SubscribeInput'], o?: CallOptions): Promise<Schemas['WebhookSubscription']> =>
      (await unwrap(raw.POST('/api/v1/webhooks/subscribe', { body, ...init(o) }))).data,
    unsubscribe: async (body: Schemas['UnsubscribeInput'], o?: CallOptions): Promise<void> => {
      await unwrap(raw.POST('/api/v1/webhooks/unsubscribe', { body, ...init(o) }));
    },
    /** Queues one webhook.test delivery to this webhook only; the record's status is null until its first attempt. */
    test: async (webhookId: string, o?: CallOptions): Promise<Schemas['QueuedWebhookDelivery']> =>
      (
        await unwrap(
          raw.POST('/api/v1/webhooks/{webhook_id}/test', { params: { path: { webhook_id: webhookId } }, ...init(o) }),
        )
      ).data,
    /** Redelivers the delivery's event: a new attempt series, byte-identical body, same webhook-id. */
    retryDelivery: async (
      webhookId: string,
      deliveryId: string,
      o?: CallOptions,
    ): Promise<Schemas['QueuedWebhookDelivery']> =>
      (
        await unwrap(
          raw.POST('/api/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/retry', {
            params: { path: { webhook_id: webhookId, delivery_id: deliveryId } },
            ...init(o),
          }),
        )
      ).data,
    /** A new signing secret; the previous one keeps signing (a second v1 signature) for the given seconds. */
    rotateSecret: async (
      webhookId: string,
      previousSecretExpiresIn = 0,
      o?: CallOptions,
    ): Promise<Schemas['WebhookWithNewSecret']> =>
      (
        await unwrap(
          raw.POST('/api/v1/webhooks/{webhook_id}/rotate-secret', {
            params: { path: { webhook_id: webhookId } },
            body: { previous_secret_expires_in: previousSecretExpiresIn },
            ...init(o),
          }),
        )
      ).data,
  };

  const usage = {
    get: async (o?: CallOptions): Promise<Schemas['Usage']> =>
      (await unwrap(raw.GET('/api/v1/billing/usage', { ...init(o) }))).data,
  };

  const events = {
    /** One page of the event log, oldest first, after the cursor `after` (omitted: the oldest retained). */
    list: (
      query: { after?: string; limit?: number; types?: EventType[] } = {},
      o?: CallOptions,
    ): Promise<EventPage> => {
      const { types, ...rest } = query;
      const params = { query: { ...rest, ...(types?.length ? { type: types.join(',') } : {}) } };
      // Typed by the document; the records are narrowed to the hand-written union by `type` (events.ts).
      return unwrap(raw.GET('/api/v1/events', { params, ...init(o) })) as Promise<EventPage>;
    },
    /**
     * Every event after `after`, following next_cursor until has_more is false. The generator's return
     * value is the cursor to resume from (store it, pass it as `after` next time).
     */
    iterate: (
      query: { after?: string; limit?: number; types?: EventType[] } = {},
      o?: CallOptions,
    ): AsyncGenerator<Event, string | undefined, undefined> =>
      iterateCursor((after) => events.list({ ...query, after }, o), query.after),
  };

  return {
    tickets,
    customers,
    webhooks,
    usage,
    events,
    /** Staff sign-in, sessions and two-factor enrolment (session mode). */
    auth,
    /** The CSRF token a session-mode client sends (undefined before sign-in). */
    csrfToken: () => csrfToken,
    setCsrfToken: (token: string | undefined) => {
      csrfToken = token;
    },
    /** Any JSON call by method and path, with the response (headers such as ETag) beside the parsed body. */
    request: plainRequest,
    /** The typed openapi-fetch client, for every other operation. */ raw,
  };
}

export type Helpdesk = ReturnType<typeof createHelpdesk>;
