import type { TenantDb } from '../db/database.js';
import type { NoteTable } from './note-tables.js';

// Data access for notes. Every function takes the organization-scoped handle it runs in (the root
// connection or a transaction), so every statement is confined to that organization.

/** A stored note (its organization is the handle's). */
export type NoteRow = Omit<NoteTable, 'organization_id'>;

/** A staff user as a note's author shows them. */
export interface AuthorRef {
  id: string;
  email: string;
  name: string;
}

const NOTE_COLUMNS = ['id', 'ticket_id', 'content', 'author_id', 'author_email', 'author_name', 'created_at'] as const;

/** The insert of a note, not yet run (for Sql.writeLast with its event). */
export function noteInsert(t: TenantDb, row: NoteRow) {
  return t.insertInto('notes', row);
}

/** A ticket's notes, oldest first (ids are time-ordered: same-millisecond notes keep their order). */
export async function listNotes(t: TenantDb, ticketId: string): Promise<NoteRow[]> {
  const rows = await t
    .selectFrom('notes')
    .select(NOTE_COLUMNS)
    .where('ticket_id', '=', ticketId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
}

/**
 * The organization's staff user by id, as an author (undefined: no such user in this organization).
 * Read here rather than through the user service: the note keeps a copy of the author's email and
 * name, as a message does, and needs nothing else of the user.
 */
export async function findAuthor(t: TenantDb, userId: string): Promise<AuthorRef | undefined> {
  // users' primary key is (organization_id, id): the handle's organization condition is part of the key.
  return t.selectFrom('users').select(['id', 'email', 'name']).where('id', '=', userId).executeTakeFirst();
}
