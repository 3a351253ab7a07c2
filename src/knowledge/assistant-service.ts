import type { DatabaseHandle } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { notFound, validationError } from '../shared/errors.js';
import { newTimeOrderedId, normalizeUuid } from '../shared/ids.js';
import type { TicketService } from '../tickets/ticket-service.js';
import { type Citation, type ComposedAnswer, extractiveAnswer } from './assistant-answers.js';
import { assistantReport } from './assistant-report.js';
import * as store from './conversation-store.js';
import type { KbPublic } from './kb-public.js';
import type { RetrievedArticle } from './retrieval.js';

// The help center's assistant. Each question is answered from the organization's published articles
// only: with quotes of the best passages and their citations (extractive), or, when nothing is
// relevant enough, by saying so and offering a person (none). The conversation is kept (questions and
// the answers exactly as given), so a hand-off opens a ticket (channel KB_CHAT) in which an agent reads
// what the customer asked and was told, with the cited articles. The assistant never acts: its only
// action is that hand-off, which the customer asks for.

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
}

export interface AskInput {
  message: string;
  conversation_id?: string;
  clientAddress: string | null;
  /** The public URL of an article (for citations). */
  articleUrl: (a: RetrievedArticle) => string;
}

const SUBJECT_MAX = 200;

function transcriptAnswer(text: string, mode: string | null, citations: Citation[]): string {
  const cited =
    citations.length > 0 ? `\n\nCited articles:\n${citations.map((c) => `- ${c.title}: ${c.url}`).join('\n')}` : '';
  return `Help center assistant (${mode ?? 'answer'}):\n\n${text}${cited}`;
}

export function createAssistantService({ database, clock, kb, tickets }: AssistantDeps) {
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

  async function ask(organizationId: string, input: AskInput): Promise<AskResult> {
    const question = checkQuestion(input.message);
    const conversationId = input.conversation_id ? await existing(organizationId, input.conversation_id) : null;
    const found = await kb.retrieve(organizationId, question, 5);
    const answer = extractiveAnswer(found, input.articleUrl);
    return record(organizationId, conversationId, question, answer, input.clientAddress);
  }

  /** Stores the question and its answer (and the conversation when new) in one transaction. */
  async function record(
    organizationId: string,
    conversationId: string | null,
    question: string,
    answer: ComposedAnswer,
    clientAddress: string | null,
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
          request_key: null,
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
          request_key: null,
          created_at: now,
        },
      ]);
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
