import { createHash } from 'node:crypto';
import type { CreditReservation, CreditService } from '../billing/credit-service.js';
import { type DatabaseHandle, isUniqueViolation, type TenantDb } from '../db/database.js';
import { idempotencyKeyReused } from '../idempotency/idempotency-service.js';
import type { Clock } from '../shared/clock.js';
import { notFound, validationError } from '../shared/errors.js';
import { newTimeOrderedId, normalizeUuid } from '../shared/ids.js';
import type { TicketService } from '../tickets/ticket-service.js';
import type { AiProvider, AiUsage } from './ai-provider.js';
import { type Citation, type ComposedAnswer, extractiveAnswer } from './assistant-answers.js';
import { assistantReport } from './assistant-report.js';
import { HANDOFF_OFFER } from './assistant-generated.js';
import { askModel } from './assistant-model.js';
import * as store from './conversation-store.js';
import type { KbPublic } from './kb-public.js';
import type { Retrieval, RetrievedArticle } from './retrieval.js';
import type { SemanticReranker } from './semantic-rerank.js';

// The help center's assistant, answering from the organization's published articles only: written by
// the configured model, citing the passages it was given (generated: one AI credit, reserved before the
// call, consumed with the answer's record, released on failure); quotes of the best passages (extractive:
// no model, no credit, or the model failed); or "nothing relevant" and the offer of a person (none).
// A retry (same Idempotency-Key; or the same question again in the conversation) gets the stored answer
// and pays nothing. Conversations are kept as asked and answered, so a hand-off opens a KB_CHAT ticket
// showing what the customer was told. The assistant never acts: its one action is the hand-off.

export const QUESTION_MAX = 2_000;

export interface AnswerView {
  id: string;
  mode: ComposedAnswer['mode'];
  text: string;
  citations: Citation[];
}

export interface AskResult {
  conversation_id: string;
  answer: AnswerView;
}

export interface AssistantDeps {
  database: DatabaseHandle;
  clock: Clock;
  kb: Pick<KbPublic, 'retrieve'>;
  tickets: Pick<TicketService, 'create' | 'get'>;
  /** The model of generated answers; none: extractive answers only. */
  provider?: Pick<AiProvider, 'chat'> | null;
  /** AI credits (needed with a provider). */
  credits?: Pick<CreditService, 'reserve' | 'commit' | 'release'> | null;
  /** Semantic re-ranking of the keyword candidates (an embedding model is configured). */
  rerank?: SemanticReranker | null;
}

export interface AskInput {
  message: string;
  conversation_id?: string;
  clientAddress: string | null;
  /** The public URL of an article (for citations). */
  articleUrl: (a: RetrievedArticle) => string;
  /** The client's Idempotency-Key: a retry with the same key and question gets the answer already given. */
  idempotencyKey?: string;
  /** Aborts the model's answer (the client went away): the answer falls back, no credit is used. */
  signal?: AbortSignal;
  /** Pieces of a generated answer's text as they settle (for streaming); the result's text is authoritative. */
  onDelta?: (text: string) => void;
}

/** A question repeated within this time, in the same conversation, is taken for a retry of it. */
export const RETRY_WINDOW_MS = 2 * 60_000;

const hash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 32);
const questionKey = (key: string) => `q:${key}`;
const answerKey = (key: string) => `a:${key}`;

function answerView(turn: store.TurnRow): AnswerView {
  return {
    id: turn.id,
    mode: (turn.mode ?? 'none') as AnswerView['mode'],
    text: turn.text,
    citations: JSON.parse(turn.citations ?? '[]') as Citation[],
  };
}

const SUBJECT_MAX = 200;

function transcriptAnswer(text: string, mode: string | null, citations: Citation[]): string {
  const cited =
    citations.length > 0 ? `\n\nCited articles:\n${citations.map((c) => `- ${c.title}: ${c.url}`).join('\n')}` : '';
  return `Help center assistant (${mode ?? 'answer'}):\n\n${text}${cited}`;
}

/** Articles answered from; the re-ranker chooses them among this many keyword candidates. */
const ANSWER_ARTICLES = 5;
const RERANK_CANDIDATES = 20;

export function createAssistantService(deps: AssistantDeps) {
  const { database, clock, kb, tickets, provider, credits, rerank } = deps;

  async function retrieve(organizationId: string, question: string, signal?: AbortSignal): Promise<Retrieval> {
    if (!rerank) return kb.retrieve(organizationId, question, ANSWER_ARTICLES);
    const candidates = await kb.retrieve(organizationId, question, RERANK_CANDIDATES);
    if (!candidates.relevant) return { ...candidates, articles: candidates.articles.slice(0, ANSWER_ARTICLES) };
    const ranked = await rerank(organizationId, question, candidates, signal);
    return { ...ranked, articles: ranked.articles.slice(0, ANSWER_ARTICLES) };
  }

  function checkQuestion(message: string): string {
    const q = message.trim();
    if (q === '') throw validationError('message must not be blank', 'message', 'blank');
    if (q.length > QUESTION_MAX)
      throw validationError(`message is longer than ${QUESTION_MAX} characters`, 'message', 'too_long');
    return q;
  }

  /** The conversation's id when it exists in this organization, else 404. */
  async function existing(organizationId: string, raw: string): Promise<string> {
    const id = normalizeUuid(raw);
    const row = id ? await store.findConversation(database.forOrganization(organizationId), id) : undefined;
    if (!row) throw notFound('conversation');
    return row.id;
  }

  /** The answer already given under this request key; 422 when the key was used for another question. */
  async function replayOf(t: TenantDb, key: string, question: string, conversationId: string | null) {
    const answer = await store.findTurnByKey(t, answerKey(key));
    if (!answer) return null;
    const asked = await store.findTurnByKey(t, questionKey(key));
    if (asked?.text !== question || (conversationId !== null && answer.conversation_id !== conversationId)) {
      throw idempotencyKeyReused();
    }
    return { conversation_id: answer.conversation_id, answer: answerView(answer) };
  }

  /** The conversation's last answer when its last question was this one, asked moments ago (a retry). */
  async function repeatOf(t: TenantDb, conversationId: string, question: string): Promise<AskResult | null> {
    const [asked, answered] = await store.lastExchange(t, conversationId);
    if (asked?.role !== 'question' || answered?.role !== 'answer' || asked.text !== question) return null;
    if (clock() - asked.created_at > RETRY_WINDOW_MS) return null;
    return { conversation_id: conversationId, answer: answerView(answered) };
  }

  async function ask(organizationId: string, input: AskInput): Promise<AskResult> {
    const question = checkQuestion(input.message);
    const conversationId = input.conversation_id ? await existing(organizationId, input.conversation_id) : null;
    const t = database.forOrganization(organizationId);
    const clientKey = input.idempotencyKey ? `k:${hash(input.idempotencyKey)}` : null;
    const replay = clientKey
      ? await replayOf(t, clientKey, question, conversationId)
      : conversationId
        ? await repeatOf(t, conversationId, question)
        : null;
    if (replay) return replay;
    // Two copies of one request racing share this key: only one records (and pays for) an answer.
    const requestKey =
      clientKey ??
      (conversationId
        ? `c:${conversationId}:${await store.countQuestions(t, conversationId)}:${hash(question)}`
        : null);

    const found = await retrieve(organizationId, question, input.signal);
    let answer = extractiveAnswer(found, input.articleUrl);
    let reservation: CreditReservation | null = null;
    let usage: AiUsage | null = null;
    if (answer.mode === 'extractive' && provider && credits) {
      reservation = await credits.reserve(organizationId);
      if (reservation) {
        const outcome = await askModel(provider, question, found, input.articleUrl, {
          signal: input.signal,
          onDelta: input.onDelta,
        });
        if (outcome.answer) {
          answer = outcome.answer;
          usage = outcome.usage;
        } else {
          await credits.release(organizationId, reservation);
          reservation = null;
          if (outcome.handoff) answer = { ...answer, text: `${answer.text}\n\n${HANDOFF_OFFER}` };
        }
      }
    }
    try {
      return await record(organizationId, conversationId, question, answer, input.clientAddress, {
        requestKey,
        reservation,
        usage,
      });
    } catch (err) {
      if (reservation) await credits!.release(organizationId, reservation).catch(() => undefined);
      if (requestKey && isUniqueViolation(err)) {
        const first = await replayOf(t, requestKey, question, conversationId);
        if (first) return first;
      }
      throw err;
    }
  }

  /**
   * Stores the question and its answer (and the conversation when new) in one transaction, with the
   * credit a generated answer used.
   */
  async function record(
    organizationId: string,
    conversationId: string | null,
    question: string,
    answer: ComposedAnswer,
    clientAddress: string | null,
    paid: { requestKey: string | null; reservation: CreditReservation | null; usage: AiUsage | null },
  ): Promise<AskResult> {
    return database.forOrganization(organizationId).transaction(async (t) => {
      const now = clock();
      const id = conversationId ?? newTimeOrderedId(now);
      if (conversationId === null) {
        await store.insertConversation(t, {
          id,
          client_address: clientAddress,
          ticket_id: null,
          created_at: now,
          updated_at: now,
        });
      } else await store.touchConversation(t, id, { updated_at: now });
      // Made in this order, so the question sorts before its answer (time-ordered ids).
      const questionId = newTimeOrderedId();
      const answerId = newTimeOrderedId();
      await store.insertTurns(t, [
        {
          id: questionId,
          conversation_id: id,
          role: 'question',
          text: question,
          mode: null,
          citations: null,
          helpful: null,
          request_key: paid.requestKey ? questionKey(paid.requestKey) : null,
          created_at: now,
        },
        {
          id: answerId,
          conversation_id: id,
          role: 'answer',
          text: answer.text,
          mode: answer.mode,
          citations: JSON.stringify(answer.citations),
          helpful: null,
          request_key: paid.requestKey ? answerKey(paid.requestKey) : null,
          created_at: now,
        },
      ]);
      if (paid.reservation) {
        await credits!.commit(t, paid.reservation, answerId, paid.usage?.total_tokens ?? null);
      }
      return { conversation_id: id, answer: { id: answerId, ...answer } };
    });
  }

  /** Opens a ticket (channel KB_CHAT) with the conversation; a second hand-off gives the same ticket. */
  async function handoff(organizationId: string, rawId: string, customer: { email: string; name?: string | null }) {
    const id = await existing(organizationId, rawId);
    const t = database.forOrganization(organizationId);
    const conversation = (await store.findConversation(t, id))!;
    if (conversation.ticket_id)
      return { ticket_number: (await tickets.get(organizationId, conversation.ticket_id)).ticket_number };
    const turns = await store.listTurns(t, id);
    const [first, ...rest] = turns;
    if (!first) throw notFound('conversation');
    const subjectText = first.text.replace(/\s+/g, ' ').trim();
    const subject = `Help center: ${subjectText}`.slice(0, SUBJECT_MAX);
    const ticket = await tickets.create(
      organizationId,
      { subject, message: first.text, customer: { email: customer.email, name: customer.name ?? undefined } },
      undefined,
      {
        channel: 'KB_CHAT',
        transcript: rest.map((turn) =>
          turn.role === 'question'
            ? { type: 'INBOUND' as const, content: turn.text }
            : {
                type: 'OUTBOUND' as const,
                content: transcriptAnswer(turn.text, turn.mode, JSON.parse(turn.citations ?? '[]') as Citation[]),
              },
        ),
      },
    );
    await store.touchConversation(t, id, { ticket_id: ticket.id, updated_at: clock() });
    return { ticket_number: ticket.ticket_number };
  }

  /** Records whether an answer of the conversation helped (the last word counts). */
  async function feedback(organizationId: string, rawId: string, answerId: string, helpful: boolean): Promise<void> {
    const id = await existing(organizationId, rawId);
    await database.forOrganization(organizationId).transaction(async (t) => {
      const normalized = normalizeUuid(answerId);
      const answer = normalized ? await store.findAnswer(t, id, normalized) : undefined;
      if (!answer) throw validationError('answer_id names no answer of this conversation', 'answer_id', 'not_found');
      await store.setHelpful(t, answer.id, helpful);
    });
  }

  /** The assistant's report over the last `days` days (see assistant-report.ts). */
  function report(organizationId: string, days: number) {
    return assistantReport(database.forOrganization(organizationId), clock(), days);
  }

  return { ask, handoff, feedback, report };
}

export type AssistantService = ReturnType<typeof createAssistantService>;
