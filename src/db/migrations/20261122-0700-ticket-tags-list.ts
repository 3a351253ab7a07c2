import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// The tag and assignee filters without probing every match.
//
// ticket_tags carries a copy of what the list needs from its ticket: `status` (kept in the same
// transaction as every status change, ticket-update.ts) and `number` (never changes). The tag filter
// then reads one index in list order ("number DESC") and counts from it alone, like the ticket
// indexes of the core migration: all tags' tickets, the non-closed ones (partial), one status.
// The assignee filter gets the partial "not closed" index the default list has, so its page and its
// count read index entries only, without visiting closed tickets.

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const pg = dialect === 'postgres';
  const run = async (statements: string[]) => {
    for (const s of statements) await sql.raw(s).execute(db);
  };
  if (pg) {
    await run([
      'ALTER TABLE ticket_tags ADD COLUMN status text, ADD COLUMN number bigint',
      `UPDATE ticket_tags tt SET status = t.status, number = t.number
         FROM tickets t WHERE t.organization_id = tt.organization_id AND t.id = tt.ticket_id`,
      'ALTER TABLE ticket_tags ALTER COLUMN status SET NOT NULL, ALTER COLUMN number SET NOT NULL',
    ]);
  } else {
    await run([
      // SQLite adds NOT NULL columns only with a default; every row is filled right below.
      "ALTER TABLE ticket_tags ADD COLUMN status text NOT NULL DEFAULT ''",
      'ALTER TABLE ticket_tags ADD COLUMN number integer NOT NULL DEFAULT 0',
      `UPDATE ticket_tags SET (status, number) =
         (SELECT t.status, t.number FROM tickets t WHERE t.id = ticket_tags.ticket_id)`,
    ]);
  }
  // PostgreSQL's keys lead with organization_id (distribution by organization). SQLite's lead with the
  // (global) tag id instead: with organization_id first, its planner, which has no statistics, may
  // prefer them over the primary key (ticket_id, tag_id) for a ticket's own links and walk the whole
  // organization's links.
  const key = pg ? 'organization_id, tag_id' : 'tag_id, organization_id';
  await run([
    `CREATE INDEX ticket_tags_list_idx ON ticket_tags (${key}, number)`,
    `CREATE INDEX ticket_tags_open_idx ON ticket_tags (${key}, number) WHERE status <> 'CLOSED'`,
    `CREATE INDEX ticket_tags_status_idx ON ticket_tags (${key}, status, number)`,
    // The replaced index: ticket_tags_list_idx serves what it did (untagging, the foreign key from tags).
    'DROP INDEX ticket_tags_tag_idx',
    // On SQLite led by assignee_id, for the reason above: led by organization_id it also matches the
    // default list's conditions, and the planner may take it for that list (then sorting every open ticket).
    `CREATE INDEX tickets_assignee_open_idx ON tickets (${pg ? 'organization_id, assignee_id' : 'assignee_id, organization_id'}, number) WHERE status <> 'CLOSED'`,
  ]);
}
