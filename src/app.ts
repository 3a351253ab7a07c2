import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { registerAdminRoutes } from './admin/admin-routes.js';
import { registerAttachmentRoutes } from './attachments/attachment-routes.js';
import { registerStaffRoutes } from './auth/staff-routes.js';
import { registerBillingRoutes } from './billing/billing-routes.js';
import type { Container } from './container.js';
import { registerCustomerRoutes } from './customers/customer-routes.js';
import { registerEventRoutes } from './events/event-routes.js';
import { registerEventStreamRoutes } from './events/event-stream-routes.js';
import { authPlugin } from './http/auth-plugin.js';
import { clientErrorHandler, onUnsupportedExpectation } from './http/client-errors.js';
import { closingPlugin } from './http/closing-plugin.js';
import { conditionalPlugin } from './http/conditional-plugin.js';
import { compressionPlugin } from './http/compression-plugin.js';
import { consolePlugin } from './http/console-plugin.js';
import { widgetScriptPlugin } from './http/widget-script-plugin.js';
import { corsPlugin } from './http/cors-plugin.js';
import { deadlinePlugin } from './http/deadline-plugin.js';
import { errorsPlugin, frameworkErrors } from './http/errors-plugin.js';
import { healthPlugin } from './http/health-plugin.js';
import { idempotencyPlugin } from './http/idempotency-plugin.js';
import { openapiPlugin } from './http/openapi-plugin.js';
import { platformDocsPlugin } from './http/platform-docs-plugin.js';
import { representationCachePlugin } from './http/representation-cache-plugin.js';
import { configuredSecrets, withSecretRedaction } from './http/log-redaction.js';
import { metricsPlugin } from './http/metrics-plugin.js';
import { overloadPlugin } from './http/overload-plugin.js';
import { rateLimitPlugin } from './http/rate-limit-plugin.js';
import { addressKey, createRateLimiter } from './http/rate-limiter.js';
import { requestParsingPlugin } from './http/request-parsing-plugin.js';
import { lazySerializerBuilder, type SerializerBuilder } from './http/serializer-compiler.js';
import { callerLogPlugin, requestIdPlugin, requestIdServerOptions } from './http/request-id-plugin.js';
import { HTTP_TIMEOUTS, type HttpTimeouts } from './http/timeouts.js';
import { registerInboundAdminRoutes, registerInboundWebhookRoute } from './mail/inbound-routes.js';
import { registerMailboxRoutes } from './mail/mailbox-routes.js';
import { registerChatRoutes } from './help-center/chat-routes.js';
import { registerHelpCenterRoutes } from './help-center/help-routes.js';
import { registerKbRoutes } from './knowledge/kb-routes.js';
import { registerNoteRoutes } from './notes/note-routes.js';
import { registerOrgRoutes } from './orgs/org-routes.js';
import type { App } from './shared/http.js';
import { registerPresenceRoutes } from './presence/presence-routes.js';
import { registerTicketRoutes } from './tickets/ticket-routes.js';
import { registerWebhookRoutes } from './webhooks/webhook-routes.js';
import { registerVisitorRoutes } from './widgets/visitor-routes.js';
import { registerWidgetRoutes } from './widgets/widget-routes.js';

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Overrides of the HTTP timeouts (tests shorten them). */
  timeouts?: Partial<HttpTimeouts>;
  /** The response serializer builder (tests record or compare it); compiles on first use by default. */
  buildSerializer?: SerializerBuilder;
  /** The built agent console (default packages/console/dist); tests point it elsewhere. */
  consoleRoot?: string;
  /** The built chat widget (default packages/widget/dist). */
  widgetRoot?: string;
}

/** The HTTP API over the services of one container (built once by the caller: server, tests). */
export async function buildApp(container: Container, options: BuildAppOptions = {}): Promise<App> {
  const { config, database, clock } = container;
  const timeouts = { ...HTTP_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    ...requestIdServerOptions(withSecretRedaction(options.logger ?? false, configuredSecrets(config))),
    bodyLimit: config.bodyLimitBytes,
    // TRUST_PROXY: whose X-Forwarded-For sets request.ip (rate limits by address, logs); off by default.
    trustProxy: config.trustProxy,
    // Staff user ids may be up to 100 characters, percent-encoded in paths: longer ids must reach the
    // routes (and be a 404 there) rather than be refused by the router.
    routerOptions: { maxParamLength: 1_000 },
    // While shutting down, requests already on open connections are still served (closing-plugin)
    // rather than refused with Fastify's own 503 body, which is not our error shape.
    return503OnClosing: false,
    frameworkErrors,
    // Response serializers are compiled on a schema's first use instead of for every route at start
    // (http/serializer-compiler.ts): the ~800 eager ones were most of a fresh server's heap.
    schemaController: { compilersFactory: { buildSerializer: options.buildSerializer ?? lazySerializerBuilder() } },
    // Node-level errors (malformed or oversized requests, timeouts) in our error shape.
    clientErrorHandler,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
      // Checked by the errors plugin, which answers in our shape (Node's answer is an empty 400).
      requireHostHeader: false,
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // With a listener, Node leaves unsupported Expect headers to us (it would answer an empty 417 and
  // keep the connection, whose unread body would then be parsed as the next request).
  app.server.on('checkExpectation', onUnsupportedExpectation);

  // Order matters: hooks that inspect routes (openapi, auth) and the limiter must exist before the
  // routes are added, and the limiter's onRequest hook runs before authentication.
  await app.register(closingPlugin);
  // The model's connection pool closes with the server.
  if (container.aiProvider) {
    const provider = container.aiProvider;
    app.addHook('onClose', async () => provider.close());
  }
  await app.register(requestIdPlugin);
  await app.register(deadlinePlugin, { deadlineMs: timeouts.deadlineMs });
  await app.register(requestParsingPlugin);
  await app.register(errorsPlugin, {
    keyStillActive: (organizationId, keyId) => container.apiKeys.confirmActive(organizationId, keyId),
  });
  await app.register(overloadPlugin, { ...config.overload, exempt: ['/healthz', '/readyz', '/metrics'] });
  await app.register(openapiPlugin);
  await app.register(platformDocsPlugin);
  await app.register(corsPlugin, { origins: config.corsOrigins });
  const limiter = createRateLimiter({ perMinute: config.rateLimitPerMinute, redisUrl: config.redisUrl, log: app.log });
  await app.register(rateLimitPlugin, { limiter });
  // Staff sessions travel in a cookie (auth/staff-cookie.ts).
  await app.register(cookie);
  await app.register(authPlugin, { apiKeys: container.apiKeys, sessions: container.staffSessions, clock, limiter });
  await app.register(callerLogPlugin);
  await app.register(idempotencyPlugin, { idempotency: container.idempotency });
  await app.register(conditionalPlugin);
  // After the conditional plugin: its route-level onSend (the ETag) runs before this one's (keeping it).
  await app.register(representationCachePlugin, {
    readVersion: () => database.readVersion(),
    maxBytes: config.representationCacheBytes,
  });
  await app.register(healthPlugin, { ping: () => database.ping() });
  // Last of the plugins that add route-level onSend hooks: it compresses the final body (see the plugin).
  if (config.compression.enabled) await app.register(compressionPlugin, { minBytes: config.compression.minBytes });
  if (container.metrics) await app.register(metricsPlugin, { metrics: container.metrics });

  await app.register(
    async (api) => {
      await registerTicketRoutes(api, container);
      await registerAttachmentRoutes(api, container);
      await registerNoteRoutes(api, container);
      await registerCustomerRoutes(api, container);
      await registerWebhookRoutes(api, container);
      await registerEventRoutes(api, container);
      await registerEventStreamRoutes(api, container);
      await registerPresenceRoutes(api, container);
      await registerBillingRoutes(api, container);
      await registerAdminRoutes(api, container);
      await registerMailboxRoutes(api, container);
      await registerInboundAdminRoutes(api, container);
      await registerStaffRoutes(api, container);
      await registerWidgetRoutes(api, container);
      await registerOrgRoutes(api, container);
      await registerKbRoutes(api, container);
    },
    { prefix: '/api/v1' },
  );
  // The chat widget's visitors: no API key; the widget's origins and the visitor budgets decide.
  await app.register(
    async (visitorApi) => {
      await registerVisitorRoutes(visitorApi, { ...container, addressOf: (request) => addressKey(request.ip) });
    },
    { prefix: '/widget/v1' },
  );
  // Mail posted by providers and relays: no API key, the path's token names the mailbox.
  await registerInboundWebhookRoute(app, container);
  // The public help center (no authentication).
  await registerHelpCenterRoutes(app, container);
  await registerChatRoutes(app, container);
  // After the compression plugin: the console's scripts and styles are compressed like API lists.
  await app.register(consolePlugin, { root: options.consoleRoot });
  // The chat widget's script for the sites that embed it (compressed too).
  await app.register(widgetScriptPlugin, { root: options.widgetRoot });

  return app;
}
