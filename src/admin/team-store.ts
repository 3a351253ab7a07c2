import type { Executor } from '../db/database.js';
import type { TeamTable } from './admin-tables.js';

export type TeamRow = Omit<TeamTable, 'organization_id'>;
export interface MemberRow {
  team_id: string;
  id: string;
  name: string;
  email: string;
}

export function findTeam(db: Executor, organizationId: string, id: string): Promise<TeamRow | undefined> {
  return db
    .selectFrom('teams')
    .select(['id', 'name', 'created_at', 'updated_at'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function listTeams(db: Executor, organizationId: string, limit: number, offset: number): Promise<TeamRow[]> {
  return db
    .selectFrom('teams')
    .select(['id', 'name', 'created_at', 'updated_at'])
    .where('organization_id', '=', organizationId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countTeams(db: Executor, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('teams')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Members of the given teams in one query, ordered by name. */
export async function membersOf(db: Executor, organizationId: string, teamIds: string[]): Promise<MemberRow[]> {
  if (teamIds.length === 0) return [];
  return db
    .selectFrom('team_members as m')
    .innerJoin('users as u', (j) => j.onRef('u.organization_id', '=', 'm.organization_id').onRef('u.id', '=', 'm.user_id'))
    .select(['m.team_id', 'u.id', 'u.name', 'u.email'])
    .where('m.organization_id', '=', organizationId)
    .where('m.team_id', 'in', teamIds)
    .orderBy('u.name', 'asc')
    .orderBy('u.id', 'asc')
    .execute();
}

export async function insertTeam(db: Executor, row: TeamTable): Promise<void> {
  await db.insertInto('teams').values(row).execute();
}

export async function updateTeam(db: Executor, organizationId: string, id: string, changes: { name?: string; updated_at: number }) {
  await db.updateTable('teams').set(changes).where('organization_id', '=', organizationId).where('id', '=', id).execute();
}

export async function replaceMembers(db: Executor, organizationId: string, teamId: string, userIds: string[], now: number): Promise<void> {
  await db.deleteFrom('team_members').where('team_id', '=', teamId).execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('team_members')
    .values(userIds.map((user_id) => ({ team_id: teamId, organization_id: organizationId, user_id, created_at: now })))
    .execute();
}

/** Deletes a team; its tickets keep existing with team null (foreign key ON DELETE SET NULL). */
export async function deleteTeam(db: Executor, organizationId: string, id: string): Promise<void> {
  await db.deleteFrom('teams').where('organization_id', '=', organizationId).where('id', '=', id).execute();
}
