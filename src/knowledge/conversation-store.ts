import type { TenantDb } from '../db/database.js';
import type { KbConversationTable, KbTurnTable } from './kb-tables.js';

// The assistant's conversations and their turns (questions and answers).

export type ConversationRow = Omit<KbConversationTable, 'organization_id'>;
export type TurnRow = Omit<KbTurnTable, 'organization_id'>;

export async function findConversation(t: TenantDb, id: string, options: { lock?: boolean } = {}) {
  return t
    .selectFrom('kb_conversations')
    .select(['id', 'client_address', 'ticket_id', 'created_at', 'updated_at'])
    .where('id', '=', id)
    .$if(options.lock === true && t.rowLocks, (q) => q.forUpdate())
    .executeTakeFirst();
}

export async function insertConversation(t: TenantDb, row: ConversationRow): Promise<void> {
  await t.insertInto('kb_conversations', row).execute();
}

export async function touchConversation(t: TenantDb, id: string, changes: Partial<ConversationRow>): Promise<void> {
  await t.updateTable('kb_conversations').set(changes).where('id', '=', id).execute();
}

export async function insertTurns(t: TenantDb, rows: TurnRow[]): Promise<void> {
  await t.insertInto('kb_turns', rows).execute();
}

const TURN_COLUMNS = [
  'id',
  'conversation_id',
  'role',
  'text',
  'mode',
  'citations',
  'helpful',
  'request_key',
  'created_at',
] as const;

export async function listTurns(t: TenantDb, conversationId: string): Promise<TurnRow[]> {
  const rows = await t
    .selectFrom('kb_turns')
    .select(TURN_COLUMNS)
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...r,
    created_at: Number(r.created_at),
    helpful: r.helpful === null ? null : Number(r.helpful),
  }));
}

export async function findAnswer(t: TenantDb, conversationId: string, id: string) {
  return t
    .selectFrom('kb_turns')
    .select(['id', 'role'])
    .where('conversation_id', '=', conversationId)
    .where('id', '=', id)
    .where('role', '=', 'answer')
    .executeTakeFirst();
}

export async function setHelpful(t: TenantDb, id: string, helpful: boolean): Promise<void> {
  await t
    .updateTable('kb_turns')
    .set({ helpful: helpful ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** The turn stored under a request key (a retried question's question or answer), if any. */
export async function findTurnByKey(t: TenantDb, requestKey: string): Promise<TurnRow | undefined> {
  const row = await t
    .selectFrom('kb_turns')
    .select(TURN_COLUMNS)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
  return row
    ? { ...row, created_at: Number(row.created_at), helpful: row.helpful === null ? null : Number(row.helpful) }
    : undefined;
}

/** Questions asked so far in the conversation. */
export async function countQuestions(t: TenantDb, conversationId: string): Promise<number> {
  const row = await t
    .selectFrom('kb_turns')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('conversation_id', '=', conversationId)
    .where('role', '=', 'question')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The conversation's last two turns, oldest first (its last question and answer when it has them). */
export async function lastExchange(t: TenantDb, conversationId: string): Promise<TurnRow[]> {
  const rows = await t
    .selectFrom('kb_turns')
    .select(TURN_COLUMNS)
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  return rows
    .map((r) => ({ ...r, created_at: Number(r.created_at), helpful: r.helpful === null ? null : Number(r.helpful) }))
    .reverse();
}
