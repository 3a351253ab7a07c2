import type { Static } from 'typebox';
import type { DatabaseHandle, TenantDb } from '../db/database.js';
import { checkPrecondition } from '../db/row-lock.js';
import type { Precondition } from '../shared/precondition.js';
import { iso, type Clock } from '../shared/clock.js';
import { AppError, notFound } from '../shared/errors.js';
import { newId, pathUuid } from '../shared/ids.js';
import { offsetOf, paginationMeta, type PageQuery } from '../shared/pagination.js';
import type { CreateTeamBody, Team, UpdateTeamBody } from './team-schemas.js';
import * as store from './team-store.js';
import { unknownUserIds } from './user-store.js';

export type TeamView = Static<typeof Team>;

export function toTeamView(row: store.TeamRow, members: store.MemberRow[]): TeamView {
  return {
    id: row.id,
    name: row.name,
    members: members.map((m) => ({ id: m.id, name: m.name, email: m.email })),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** Checks member ids against the organization's users; duplicates collapse into one membership. */
async function validMembers(t: TenantDb, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const unknown = await unknownUserIds(t, unique);
  if (unknown.length > 0) {
    throw new AppError(
      400,
      'validation_error',
      `unknown user id ${unknown.map((id) => JSON.stringify(id)).join(', ')}`,
      [{ field: 'member_ids', issue: 'not_found' }],
    );
  }
  return unique;
}

export function createTeamService(deps: { database: DatabaseHandle; clock: Clock }) {
  const { database, clock } = deps;

  async function load(t: TenantDb, id: string): Promise<store.TeamRow> {
    const row = await store.findTeam(t, pathUuid(id, 'team'));
    if (!row) throw notFound('team');
    return row;
  }

  async function view(t: TenantDb, row: store.TeamRow): Promise<TeamView> {
    return toTeamView(row, await store.membersOf(t, [row.id]));
  }

  return {
    async create(organizationId: string, input: Static<typeof CreateTeamBody>): Promise<TeamView> {
      const now = clock();
      return database.forOrganization(organizationId).transaction(async (t) => {
        const members = await validMembers(t, input.member_ids ?? []);
        const row = { id: newId(), name: input.name.trim(), created_at: now, updated_at: now };
        await store.insertTeam(t, row);
        await store.replaceMembers(t, row.id, members, now);
        return view(t, row);
      });
    },

    async get(organizationId: string, id: string): Promise<TeamView> {
      const t = database.forOrganization(organizationId);
      return view(t, await load(t, id));
    },

    async list(organizationId: string, query: PageQuery) {
      const t = database.forOrganization(organizationId);
      const [rows, total] = await Promise.all([store.listTeams(t, query.limit, offsetOf(query)), store.countTeams(t)]);
      const members = await store.membersOf(
        t,
        rows.map((r) => r.id),
      );
      const data = rows.map((row) =>
        toTeamView(
          row,
          members.filter((m) => m.team_id === row.id),
        ),
      );
      return { data, meta: paginationMeta(query, total) };
    },

    async update(
      organizationId: string,
      id: string,
      input: Static<typeof UpdateTeamBody>,
      precondition?: Precondition<TeamView>,
    ): Promise<TeamView> {
      const now = clock();
      return database.forOrganization(organizationId).transaction(async (t) => {
        const current = await load(t, id);
        await checkPrecondition(t, 'teams', current.id, precondition, async () => view(t, await load(t, id)));
        const changes = { updated_at: now, ...(input.name !== undefined ? { name: input.name.trim() } : {}) };
        if (input.member_ids !== undefined) {
          const members = await validMembers(t, input.member_ids);
          await store.replaceMembers(t, current.id, members, now);
        }
        await store.updateTeam(t, current.id, changes);
        return view(t, { ...current, ...changes });
      });
    },

    /** The teams a staff user belongs to (the ticket list's `team_id=mine`). */
    async teamIdsOf(organizationId: string, userId: string): Promise<string[]> {
      return store.teamIdsOfUser(database.forOrganization(organizationId), userId);
    },

    /** Deletes the team; its tickets stay, with team null. */
    async remove(organizationId: string, id: string, precondition?: Precondition<TeamView>): Promise<void> {
      await database.forOrganization(organizationId).transaction(async (t) => {
        const row = await load(t, id);
        await checkPrecondition(t, 'teams', row.id, precondition, async () => view(t, await load(t, id)));
        await store.deleteTeam(t, row.id);
      });
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
