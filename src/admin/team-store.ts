import type { TenantDb } from '../db/database.js';
import type { TeamTable } from './admin-tables.js';

// Data access of teams and their members, on the organization-scoped handle the caller runs in.

export type TeamRow = Omit<TeamTable, 'organization_id'>;
export interface MemberRow {
  team_id: string;
  id: string;
  name: string;
  email: string;
}

export function findTeam(t: TenantDb, id: string): Promise<TeamRow | undefined> {
  return t
    .selectFrom('teams')
    .select(['id', 'name', 'created_at', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function listTeams(t: TenantDb, limit: number, offset: number): Promise<TeamRow[]> {
  return t
    .selectFrom('teams')
    .select(['id', 'name', 'created_at', 'updated_at'])
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countTeams(t: TenantDb): Promise<number> {
  const row = await t
    .selectFrom('teams')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The ids of the teams a user belongs to (team_members_user_idx). */
export async function teamIdsOfUser(t: TenantDb, userId: string): Promise<string[]> {
  const rows = await t.selectFrom('team_members').select('team_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.team_id);
}

/** Members of the given teams in one query, ordered by name. */
export async function membersOf(t: TenantDb, teamIds: string[]): Promise<MemberRow[]> {
  if (teamIds.length === 0) return [];
  // A join written on t.db: the members' organization is the handle's, the users' is joined to it.
  return t.db
    .selectFrom('team_members as m')
    .innerJoin('users as u', (j) =>
      j.onRef('u.organization_id', '=', 'm.organization_id').onRef('u.id', '=', 'm.user_id'),
    )
    .select(['m.team_id', 'u.id', 'u.name', 'u.email'])
    .where('m.organization_id', '=', t.organizationId)
    .where('m.team_id', 'in', teamIds)
    .orderBy('u.name', 'asc')
    .orderBy('u.id', 'asc')
    .execute();
}

export async function insertTeam(t: TenantDb, row: TeamRow): Promise<void> {
  await t.insertInto('teams', row).execute();
}

export async function updateTeam(t: TenantDb, id: string, changes: { name?: string; updated_at: number }) {
  await t.updateTable('teams').set(changes).where('id', '=', id).execute();
}

export async function replaceMembers(t: TenantDb, teamId: string, userIds: string[], now: number): Promise<void> {
  await t.deleteFrom('team_members').where('team_id', '=', teamId).execute();
  if (userIds.length === 0) return;
  await t
    .insertInto(
      'team_members',
      userIds.map((user_id) => ({ team_id: teamId, user_id, created_at: now })),
    )
    .execute();
}

/** Deletes a team; its tickets keep existing with team null (foreign key ON DELETE SET NULL). */
export async function deleteTeam(t: TenantDb, id: string): Promise<void> {
  await t.deleteFrom('teams').where('id', '=', id).execute();
}
