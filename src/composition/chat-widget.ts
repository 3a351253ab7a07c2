import type { SecretBox } from '../auth/staff-secret-box.js';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import type { EventStreamHub } from '../events/event-stream-hub.js';
import { articlePath } from '../help-center/help-pages.js';
import { createAssistantService, type AssistantService } from '../knowledge/assistant-service.js';
import type { KbPublic } from '../knowledge/kb-public.js';
import type { MailboxService } from '../mail/mailbox-service.js';
import type { OutboundMail } from '../mail/outbound-service.js';
import type { OutboundLogger } from '../mail/outbound-worker.js';
import type { OrgProfiles } from '../orgs/org-profile.js';
import type { Clock } from '../shared/clock.js';
import type { TicketService } from '../tickets/ticket-service.js';
import { hitWindow } from '../widgets/follow-up-store.js';
import { createVisitorAssistant, hasPublishedArticles } from '../widgets/visitor-assistant.js';
import { createVisitorLimits } from '../widgets/visitor-limits.js';
import { createVisitorService } from '../widgets/visitor-service.js';
import { createWidgetService } from '../widgets/widget-service.js';
import { startWidgetUpkeep } from '../widgets/widget-upkeep.js';

// The chat widget's part of the composition root (src/container.ts): widgets (admin) and their
// visitors, whose streams are views of the live feed, the assistant in the widget, and the widget's
// background work. Follow-up rows for unseen replies are written by the ticket service itself (its
// port is built before it, in the container).

export function createChatWidget(deps: {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  /** Widget identity secrets are sealed with the installation's one secret box. */
  secretBox: SecretBox;
  tickets: TicketService;
  eventStream: EventStreamHub;
  kbPublic: KbPublic;
  assistant: AssistantService;
  orgProfiles: Pick<OrgProfiles, 'get'>;
  outboundMail: OutboundMail;
  mailboxes: Pick<MailboxService, 'list'>;
}) {
  const { config, database, clock, tickets, kbPublic } = deps;
  const widgets = createWidgetService({ database, clock, secrets: deps.secretBox });
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
    live: deps.eventStream,
    limits: visitorLimits,
    presenceTtlMs: config.eventStream.presenceTtlMs,
    assistantAvailable,
  });
  const visitorAssistant = createVisitorAssistant({
    database,
    clock,
    assistant: deps.assistant,
    // The help center's hand-off itself, opening its ticket through the widget's ticket port.
    handoffThrough: (port) => createAssistantService({ database, clock, kb: kbPublic, tickets: port }).handoff,
    tickets,
    visitors,
    limits: visitorLimits,
    available: assistantAvailable,
    articleUrls: async (organizationId) => {
      const { slug } = await deps.orgProfiles.get(organizationId);
      const base = config.publicUrl.replace(/\/+$/, '');
      return (article) => `${base}${articlePath(slug, article.slug)}`;
    },
  });
  return {
    widgets,
    visitors,
    visitorAssistant,
    /** Starts the chat widget's background work (follow-up mails, expired sessions) beside the mail worker. */
    startWidgetUpkeep: (logger: OutboundLogger) =>
      startWidgetUpkeep({
        database,
        clock,
        settings: { pollMs: config.widget.followUpPollMs },
        mail: deps.outboundMail,
        hasMailbox: async (organizationId) => (await deps.mailboxes.list(organizationId)).length > 0,
        visitors,
        logger,
      }),
  };
}
