import type { TenantDb } from '../db/database.js';
import { iso } from '../shared/clock.js';
import type { AssistantReport } from './kb-schemas.js';
import { answerCounts, latestAnswers, outcomes } from './report-store.js';

// What the assistant did over the last days, for support leads: how many conversations it settled
// without a person (the deflection rate), how many were handed off, how many ended with nothing found
// and no hand-off (abandoned), its answers by mode with the feedback on them, and the questions it
// could not answer, which are the articles still to write.

const DAY_MS = 86_400_000;
/** Entries of each list in the report. */
const LISTED = 20;

export async function assistantReport(t: TenantDb, now: number, days: number): Promise<AssistantReport> {
  const since = now - days * DAY_MS;
  // One after the other: a report is no reason to take several pooled connections at once.
  const conversations = await outcomes(t, since);
  const answers = await answerCounts(t, since);
  const recent = await latestAnswers(t, since, LISTED);
  const unanswered = await latestAnswers(t, since, LISTED, 'none');
  const abandoned = conversations.total - conversations.handed_off - conversations.answered;
  return {
    from: iso(since),
    to: iso(now),
    conversations: {
      ...conversations,
      abandoned,
      deflection_rate: conversations.total === 0 ? null : conversations.answered / conversations.total,
    },
    answers: {
      total: answers.total,
      generated: answers.generated,
      extractive: answers.extractive,
      none: answers.none,
    },
    feedback: { helpful: answers.helpful, not_helpful: answers.not_helpful },
    unanswered: unanswered.map((a) => ({
      answer_id: a.id,
      conversation_id: a.conversation_id,
      question: a.question ?? '',
      asked_at: iso(a.created_at),
    })),
    recent_answers: recent.map((a) => ({
      id: a.id,
      conversation_id: a.conversation_id,
      question: a.question ?? '',
      mode: a.mode as AssistantReport['recent_answers'][number]['mode'],
      helpful: a.helpful === null ? null : a.helpful === 1,
      created_at: iso(a.created_at),
    })),
  };
}
