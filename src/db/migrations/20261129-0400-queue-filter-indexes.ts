import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from '../migrator.js';

// The queue filters of the ticket list: unassigned tickets (`assignee_id=none`) and a team's tickets
// (`team_id`), each read in list order ("number DESC") from an index, like every other filter, so a
// page and its count (capped at 10,001) read index entries only.
//
// Unassigned: partial indexes on `assignee_id IS NULL`, one per shape of the status condition (not
// closed, one status, any status). PostgreSQL cannot read the assignee index (organization_id,
// assignee_id, number) in number order for IS NULL (only an equality fixes a leading column), so it
// would sort every unassigned ticket; the partial indexes lead with organization_id on both engines,
// and since only a query that says `assignee_id IS NULL` may use them, SQLite's planner cannot take
// them for another list.
//
// Teams: the team index gains `number`, plus a partial "not closed" twin, as the assignee has. On
// SQLite both lead with team_id (for the reason in 20261122-0700: led by organization_id, its planner
// may take them for the default list); on PostgreSQL with organization_id.

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const pg = dialect === 'postgres';
  const team = pg ? 'organization_id, team_id' : 'team_id, organization_id';
  const statements = [
    `CREATE INDEX tickets_unassigned_open_idx ON tickets (organization_id, number)
       WHERE assignee_id IS NULL AND status <> 'CLOSED'`,
    'CREATE INDEX tickets_unassigned_status_idx ON tickets (organization_id, status, number) WHERE assignee_id IS NULL',
    'CREATE INDEX tickets_unassigned_idx ON tickets (organization_id, number) WHERE assignee_id IS NULL',
    'DROP INDEX tickets_team_idx',
    `CREATE INDEX tickets_team_idx ON tickets (${team}, number)`,
    `CREATE INDEX tickets_team_open_idx ON tickets (${team}, number) WHERE status <> 'CLOSED'`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}
