import { createInvitationService } from './admin/invitation-service.js';
import { createTagService } from './admin/tag-service.js';
import { createTeamService } from './admin/team-service.js';
import { createUserService } from './admin/user-service.js';
import { createApiKeyService } from './auth/api-key-service.js';
import { createStaffAuthService } from './auth/staff-auth-service.js';
import { createPasswordHasher } from './auth/staff-password.js';
import { createSecretBox } from './auth/staff-secret-box.js';
import { createStaffSessionService } from './auth/staff-session-service.js';
import { createTwoFactor } from './auth/staff-two-factor.js';
import { createCreditService } from './billing/credit-service.js';
import { createPlanService } from './billing/plan-service.js';
import { createQuotaService } from './billing/quota-service.js';
import type { Config } from './config.js';
import { createCustomerService } from './customers/customer-service.js';
import { createEventLog } from './events/event-log.js';
import { createEventStreamHub } from './events/event-stream-hub.js';
import { createStreamStarts } from './events/event-stream-start.js';
import { withLiveWakeups } from './events/event-stream-wakeup.js';
import { createRetention, startRetention } from './events/retention.js';
import type { DatabaseHandle } from './db/database.js';
import { createIdempotencyService } from './idempotency/idempotency-service.js';
import { createLoginThrottle } from './http/login-throttle.js';
import { createMetrics } from './http/metrics.js';
import { join } from 'node:path';
import { createAttachmentService, MAX_ATTACHMENTS_PER_MESSAGE } from './attachments/attachment-service.js';
import { createLocalBlobStore } from './attachments/blob-storage.js';
import { createInboundService, replyTokenKey } from './mail/inbound-service.js';
import { createMailApplier, type DeliveryFailures } from './mail/mail-apply.js';
import { createMailboxService } from './mail/mailbox-service.js';
import { createTestMailer } from './mail/mailbox-test-mail.js';
import { createArticleService } from './knowledge/article-service.js';
import { createOpenAiProvider } from './knowledge/ai-provider.js';
import { createAssistantService } from './knowledge/assistant-service.js';
import { createSemanticReranker } from './knowledge/semantic-rerank.js';
import { createChatLimits, DEFAULT_CHAT_LIMITS } from './help-center/chat-limits.js';
import { createCollectionService } from './knowledge/collection-service.js';
import { createKbPublic } from './knowledge/kb-public.js';
import { createOutboundMail } from './mail/outbound-service.js';
import { startImapPoller, type ImapPollerLogger } from './mail/imap-poller.js';
import { startOutboundWorker, type OutboundLogger } from './mail/outbound-worker.js';
import { createNoteService } from './notes/note-service.js';
import { createOrgProfiles } from './orgs/org-profile.js';
import { createOrgService } from './orgs/org-service.js';
import { createPresenceService } from './presence/presence-service.js';
import type { Clock } from './shared/clock.js';
import { createTicketCounter } from './tickets/ticket-counter.js';
import { createTicketDetacher } from './tickets/ticket-detacher.js';
import { createTicketService } from './tickets/ticket-service.js';
import type { Resolver } from './webhooks/address-guard.js';
import { readQueueStats } from './webhooks/delivery-queue-store.js';
import { createEventRecorder } from './webhooks/event-recorder.js';
import { createWebhookService } from './webhooks/webhook-service.js';
import { startWorker, type AttemptOutcome, type WorkerLogger } from './webhooks/worker.js';
import { hitWindow } from './widgets/follow-up-store.js';
import { createVisitorAssistant, hasPublishedArticles } from './widgets/visitor-assistant.js';
import { createVisitorLimits } from './widgets/visitor-limits.js';
import { createVisitorService } from './widgets/visitor-service.js';
import { startWidgetUpkeep, widgetReplyFollowUps } from './widgets/widget-upkeep.js';
import { articlePath } from './help-center/help-pages.js';
import { createWidgetService } from './widgets/widget-service.js';

// The composition root: every store and service is built here, once, and handed to whoever needs
// it (the HTTP app, the CLI, the delivery worker). Services name what they need from other domains as
// narrow interfaces, so this is the only file that knows how the domains fit together.

export interface ContainerOptions {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  /** DNS resolver for webhook URL checks (tests pass a fake; the system resolver otherwise). */
  resolve?: Resolver;
  /** What a bounce of a reply marks failed (outbound mail's delivery records); nothing by default. */
  deliveryFailures?: DeliveryFailures;
}

export function createContainer(options: ContainerOptions) {
  const { config, database, clock } = options;
  // Ports other domains use inside their own transactions.
  const quota = createQuotaService({ timeZone: config.timeZone });
  const eventLog = createEventLog({ database });
  const events = createEventRecorder({ log: withLiveWakeups(eventLog) });
  // The live stream (GET /events/stream): one feed per organization in this process, shared by its streams.
  const eventStream = createEventStreamHub({
    database,
    clock,
    settings: config.eventStream,
    cursors: eventLog.cursors,
  });
  const streamStarts = createStreamStarts({
    database,
    clock,
    retentionDays: config.eventRetentionDays,
    cursors: eventLog.cursors,
  });
  const ticketCounter = createTicketCounter();
  const ticketDetacher = createTicketDetacher({ events });

  const apiKeys = createApiKeyService({ database, clock, cacheTtlMs: config.apiKeyCacheTtlMs });
  const orgs = createOrgService({ database, clock });
  const orgProfiles = createOrgProfiles({ database, clock });
  const plans = createPlanService({ database, clock, timeZone: config.timeZone, orgs });
  const customers = createCustomerService({ database, clock, ticketCounter, events });
  const teams = createTeamService({ database, clock });
  // Replies on EMAIL tickets are queued for mail in the reply's transaction.
  const outboundMail = createOutboundMail({ database, clock, publicUrl: config.publicUrl });
  // Agents' replies on widget tickets are mailed to the visitor when not seen in the widget in time:
  // the follow-up row is written in the reply's transaction (widgets/widget-upkeep.ts sends it).
  const replyFollowUps = widgetReplyFollowUps(config.widget.followUpDelayMs);
  const tickets = createTicketService({
    database,
    clock,
    customers,
    quota,
    events,
    teams,
    mail: outboundMail,
    replyFollowUps,
  });
  const notes = createNoteService({ database, clock, tickets, events });
  // The knowledge base: collections and articles (and the passages search and the assistant read).
  const kbCollections = createCollectionService({ database, clock });
  const kbArticles = createArticleService({ database, clock, collections: kbCollections, events });
  const kbPublic = createKbPublic({ database });
  // The help center's assistant: answers from published articles; hands conversations to a person.
  // With AI_BASE_URL and AI_MODEL its answers are written by that model, each paid with an AI credit.
  const aiProvider = config.ai ? createOpenAiProvider(config.ai) : null;
  const credits = createCreditService({ database, clock, timeZone: config.timeZone });
  const rerank = aiProvider?.embeddingModel ? createSemanticReranker({ database, clock, provider: aiProvider }) : null;
  const assistant = createAssistantService({
    database,
    clock,
    kb: kbPublic,
    tickets,
    provider: aiProvider,
    credits,
    rerank,
  });
  const chatLimits = createChatLimits(DEFAULT_CHAT_LIMITS, clock);
  const webhooks = createWebhookService({
    database,
    clock,
    allowPrivateTargets: config.webhooks.allowPrivateTargets,
    resolve: options.resolve,
    quota,
  });
  const users = createUserService({ database, clock, tickets: ticketDetacher, quota });
  const tags = createTagService({ database, clock, tickets: ticketDetacher });
  // Staff sign-in: sessions, passwords (Argon2id), two-factor, and the links that set a password.
  const passwords = createPasswordHasher();
  const staffSessions = createStaffSessionService({ database, clock });
  // Two-factor secrets and widget identity secrets are sealed with the installation's one secret box.
  const secretBox = createSecretBox({ secretKey: config.secretKey, system: database.system });
  const twoFactor = createTwoFactor({ database, clock, secrets: secretBox });
  // Invitations issue their accept link through staff sign-in, which accepts them in turn: the two
  // refer to each other through these late-bound ports.
  let staffAuthRef: ReturnType<typeof createStaffAuthService> | null = null;
  const invitations = createInvitationService({
    database,
    clock,
    quota,
    users,
    links: {
      issueInvitationLink: (t, invitationId, expiresAt, now) =>
        staffAuthRef!.issueLink(t, 'invitation', { invitationId }, expiresAt, now),
    },
  });
  const staffAuth = createStaffAuthService({
    database,
    clock,
    passwords,
    throttle: createLoginThrottle({ clock }),
    twoFactor,
    users,
    quota,
    invitations,
    publicUrl: config.publicUrl,
  });
  staffAuthRef = staffAuth;
  const presence = createPresenceService({
    clock,
    ttlMs: config.eventStream.presenceTtlMs,
    tickets: {
      assertExists: async (organizationId, ticketId) => {
        await tickets.get(organizationId, ticketId);
      },
    },
    users,
    live: eventStream,
  });
  // The chat widget: widgets (admin) and their visitors, whose streams are views of the live feed.
  const widgets = createWidgetService({ database, clock, secrets: secretBox });
  // Visitor budgets are counted in the database: they hold across every process sharing it.
  const visitorLimits = createVisitorLimits(config.widget, clock, {
    hit: (bucket, windowMs, now) => hitWindow(database.system, bucket, windowMs, now),
  });
  // The assistant answers visitors first when the organization has published articles.
  const assistantAvailable = hasPublishedArticles(kbPublic, clock);
  const visitors = createVisitorService({
    database,
    clock,
    widgets,
    tickets,
    live: eventStream,
    limits: visitorLimits,
    presenceTtlMs: config.eventStream.presenceTtlMs,
    assistantAvailable,
  });
  const visitorAssistant = createVisitorAssistant({
    database,
    clock,
    assistant,
    // The help center's hand-off itself, opening its ticket through the widget's ticket port.
    handoffThrough: (port) => createAssistantService({ database, clock, kb: kbPublic, tickets: port }).handoff,
    tickets,
    visitors,
    limits: visitorLimits,
    available: assistantAvailable,
    articleUrls: async (organizationId) => {
      const { slug } = await orgProfiles.get(organizationId);
      const base = config.publicUrl.replace(/\/+$/, '');
      return (article) => `${base}${articlePath(slug, article.slug)}`;
    },
  });
  // The email channel's mailboxes: IMAP/SMTP passwords sealed with a key of their own.
  const mailboxSecrets = createSecretBox({
    secretKey: config.secretKey,
    system: database.system,
    purpose: 'mailbox_credentials',
  });
  const mailboxes = createMailboxService({ database, clock, secrets: mailboxSecrets, publicUrl: config.publicUrl });
  // "Send a test mail" of a mailbox: through the SMTP server its replies would use.
  const testMail = createTestMailer({ mailboxes, smtpUrl: config.mailOut.smtpUrl });
  // Received mail: stored first (files under DATA_DIR/blobs when large), then made into tickets.
  const blobs = createLocalBlobStore(join(config.dataDir, 'blobs'));
  const replyKey = replyTokenKey(database, clock);
  // Files received with mail: bytes in the blob store, rows beside their messages.
  const attachments = createAttachmentService({
    database,
    clock,
    blobs,
    limits: {
      maxBytes: config.mail.attachmentMaxBytes,
      maxBytesPerMessage: config.mail.attachmentsMaxBytesPerMessage,
      maxCount: MAX_ATTACHMENTS_PER_MESSAGE,
    },
  });
  const inbound = createInboundService({
    database,
    clock,
    blobs,
    mailboxes,
    maxMessageBytes: config.mail.maxMessageBytes,
    leaseMs: config.mail.processing.leaseMs,
    ready: replyKey,
    apply: createMailApplier({
      database,
      clock,
      tickets,
      mailboxes,
      replyKey,
      deliveryFailures: options.deliveryFailures ?? outboundMail,
      attachments,
    }),
  });
  const idempotency = createIdempotencyService({ database, clock, ttlHours: config.idempotencyTtlHours });
  const retention = createRetention({
    database,
    clock,
    days: config.eventRetentionDays,
    eventLog,
    deliveries: webhooks,
  });
  // /metrics (null when METRICS_ENABLED=false).
  const metrics = config.metricsEnabled
    ? createMetrics({
        clock,
        sources: {
          queue: () => readQueueStats(database.system, clock()),
          pool: () => database.poolStats(),
          eventLogSize: () => eventLog.size(),
          openStreams: () => eventStream.openStreams(),
        },
      })
    : null;

  return {
    config,
    database,
    clock,
    quota,
    events,
    eventLog,
    eventStream,
    streamStarts,
    retention,
    ticketCounter,
    ticketDetacher,
    apiKeys,
    orgs,
    orgProfiles,
    plans,
    customers,
    tickets,
    notes,
    mailboxes,
    testMail,
    blobs,
    attachments,
    replyKey,
    inbound,
    kbCollections,
    kbArticles,
    kbPublic,
    aiProvider,
    credits,
    assistant,
    chatLimits,
    outboundMail,
    webhooks,
    users,
    teams,
    tags,
    invitations,
    passwords,
    staffSessions,
    twoFactor,
    staffAuth,
    presence,
    widgets,
    visitors,
    visitorAssistant,
    idempotency,
    metrics,
    /**
     * Starts the email channel's background work in this process: the outbound mail worker (with the
     * server, unless --no-worker, and in `worker` processes).
     */
    startMailWorker: (logger: OutboundLogger) =>
      startOutboundWorker({
        database,
        clock,
        settings: config.mailOut,
        openSecret: (sealed) => mailboxSecrets.open(sealed),
        logger,
      }),
    /** Starts the chat widget's background work (follow-up mails, expired sessions) beside the mail worker. */
    startWidgetUpkeep: (logger: OutboundLogger) =>
      startWidgetUpkeep({
        database,
        clock,
        settings: { pollMs: config.widget.followUpPollMs },
        mail: outboundMail,
        hasMailbox: async (organizationId) => (await mailboxes.list(organizationId)).length > 0,
        visitors,
        logger,
      }),
    /**
     * Starts IMAP polling of the mailboxes with IMAP settings in this process (`serve` and `worker`):
     * every process polls a share of them, each mailbox by one process at a time.
     */
    startImapPoller: (logger: ImapPollerLogger) =>
      startImapPoller({
        database,
        clock,
        settings: { pollMs: config.mail.imapPollMs },
        inbound,
        openSecret: (sealed) => mailboxSecrets.open(sealed),
        maxMessageBytes: config.mail.maxMessageBytes,
        logger,
      }),
    /**
     * Starts a webhook delivery worker on this database (a `worker` process's; the server's, in its
     * thread, src/worker-thread-entry.ts). Attempts are counted by this container's /metrics
     * unless onAttempt says otherwise (the thread's go to the server's).
     */
    startWorker: (
      logger: WorkerLogger,
      onAttempt: ((outcome: AttemptOutcome) => void) | undefined = metrics?.attemptFinished,
    ) => {
      const worker = startWorker({ database, clock, settings: config.webhooks, logger, onAttempt });
      // Retention runs where deliveries are worked on: a minute after start, then hourly.
      const pruning = startRetention(retention, {
        firstDelayMs: 60_000,
        intervalMs: 3_600_000,
        onError: (err) => logger.warn({ err }, 'event retention failed; retrying at the next run'),
      });
      return {
        async stop() {
          await pruning.stop();
          await worker.stop();
        },
      };
    },
  };
}

export type Container = ReturnType<typeof createContainer>;
