import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { createChatLimits, DEFAULT_CHAT_LIMITS } from '../help-center/chat-limits.js';
import { createOpenAiProvider } from '../knowledge/ai-provider.js';
import { createArticleService } from '../knowledge/article-service.js';
import { createAssistantService } from '../knowledge/assistant-service.js';
import { createCollectionService } from '../knowledge/collection-service.js';
import { createKbPublic } from '../knowledge/kb-public.js';
import { createSemanticReranker } from '../knowledge/semantic-rerank.js';
import { createCreditService } from '../billing/credit-service.js';
import type { Clock } from '../shared/clock.js';
import type { TicketService } from '../tickets/ticket-service.js';
import type { EventRecorder } from '../webhooks/event-recorder.js';

// The knowledge base's part of the composition root (src/container.ts): collections and articles (and
// the passages search and the assistant read), the help center's assistant and what pays for it.

export function createKnowledgeBase(deps: {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  events: EventRecorder;
  tickets: TicketService;
}) {
  const { config, database, clock, events, tickets } = deps;
  const kbCollections = createCollectionService({ database, clock });
  const kbArticles = createArticleService({ database, clock, collections: kbCollections, events });
  const kbPublic = createKbPublic({ database });
  // The assistant answers from published articles and hands conversations to a person. With AI_BASE_URL
  // and AI_MODEL its answers are written by that model, each paid with an AI credit.
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
  return { kbCollections, kbArticles, kbPublic, aiProvider, credits, assistant, chatLimits };
}
