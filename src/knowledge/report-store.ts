import { type Expression, type SqlBool, sql } from 'kysely';
import type { TenantDb } from '../db/database.js';

// The assistant's report, read on the organization's handle: what became of the conversations
// started since a moment, the answers given since then by mode and the feedback on them, and the
// latest answers with the question each one answered. The subqueries name the organization
// themselves (the handle only scopes the outer table).

/** Rows counted where cond holds (0, not null, when there are none). */
const countWhere = (cond: Expression<SqlBool>) =>
  sql<number | string>`coalesce(sum(case when ${cond} then 1 else 0 end), 0)`;

export interface Outcomes {
  total: number;
  handed_off: number;
  answered: number;
}

/**
 * Conversations started since `since`: all of them, those handed to a person, and those not handed
 * off that got at least one answer from the articles (generated or extractive).
 */
export async function outcomes(t: TenantDb, since: number): Promise<Outcomes> {
  const row = await t
    .selectFrom('kb_conversations')
    .select((eb) => {
      const fromArticles = eb.exists(
        eb
          .selectFrom('kb_turns')
          .select(sql`1`.as('one'))
          .where('kb_turns.organization_id', '=', t.organizationId)
          .whereRef('kb_turns.conversation_id', '=', 'kb_conversations.id')
          .where('kb_turns.role', '=', 'answer')
          .where('kb_turns.mode', 'in', ['generated', 'extractive']),
      );
      return [
        eb.fn.countAll<number | string>().as('total'),
        countWhere(eb('kb_conversations.ticket_id', 'is not', null)).as('handed_off'),
        countWhere(eb.and([eb('kb_conversations.ticket_id', 'is', null), fromArticles])).as('answered'),
      ];
    })
    .where('kb_conversations.created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), handed_off: Number(row.handed_off), answered: Number(row.answered) };
}

export interface AnswerCounts {
  total: number;
  generated: number;
  extractive: number;
  none: number;
  helpful: number;
  not_helpful: number;
}

/** Answers given since `since`, by mode, and the feedback customers gave on them. */
export async function answerCounts(t: TenantDb, since: number): Promise<AnswerCounts> {
  const row = await t
    .selectFrom('kb_turns')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      countWhere(eb('kb_turns.mode', '=', 'generated')).as('generated'),
      countWhere(eb('kb_turns.mode', '=', 'extractive')).as('extractive'),
      countWhere(eb('kb_turns.mode', '=', 'none')).as('none'),
      countWhere(eb('kb_turns.helpful', '=', 1)).as('helpful'),
      countWhere(eb('kb_turns.helpful', '=', 0)).as('not_helpful'),
    ])
    .where('kb_turns.role', '=', 'answer')
    .where('kb_turns.created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    generated: Number(row.generated),
    extractive: Number(row.extractive),
    none: Number(row.none),
    helpful: Number(row.helpful),
    not_helpful: Number(row.not_helpful),
  };
}

export interface AnswerRow {
  id: string;
  conversation_id: string;
  question: string | null;
  mode: string;
  helpful: number | null;
  created_at: number;
}

/**
 * The latest answers given since `since` (only those of `mode` when given), newest first, each with
 * the question it answered: the conversation's last question before it (ids are time-ordered and a
 * question is stored just before its answer).
 */
export async function latestAnswers(t: TenantDb, since: number, limit: number, mode?: 'none'): Promise<AnswerRow[]> {
  const rows = await t
    .selectFrom('kb_turns')
    .select((eb) => [
      'kb_turns.id',
      'kb_turns.conversation_id',
      'kb_turns.mode',
      'kb_turns.helpful',
      'kb_turns.created_at',
      eb
        .selectFrom('kb_turns as q')
        .select('q.text')
        .where('q.organization_id', '=', t.organizationId)
        .whereRef('q.conversation_id', '=', 'kb_turns.conversation_id')
        .where('q.role', '=', 'question')
        .whereRef('q.id', '<', 'kb_turns.id')
        .orderBy('q.id', 'desc')
        .limit(1)
        .as('question'),
    ])
    .where('kb_turns.role', '=', 'answer')
    .where('kb_turns.created_at', '>=', since)
    .$if(mode !== undefined, (q) => q.where('kb_turns.mode', '=', mode!))
    .orderBy('kb_turns.created_at', 'desc')
    .orderBy('kb_turns.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    conversation_id: r.conversation_id,
    question: r.question ?? null,
    mode: r.mode ?? 'none',
    helpful: r.helpful === null ? null : Number(r.helpful),
    created_at: Number(r.created_at),
  }));
}
