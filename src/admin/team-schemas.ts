import { Type } from 'typebox';
import { PageQuerySchema, Timestamp } from '../shared/schemas.js';
import { Name } from './admin-schemas.js';

export const TeamMember = Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() });

export const Team = Type.Object({
  id: Type.String(),
  name: Type.String(),
  members: Type.Array(TeamMember),
  created_at: Timestamp,
  updated_at: Timestamp,
});

const MemberIds = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 1000 });

export const CreateTeamBody = Type.Object({
  name: Name(100),
  member_ids: Type.Optional(MemberIds),
});

/** Every field optional; member_ids replaces the whole membership. */
export const UpdateTeamBody = Type.Partial(CreateTeamBody);

export const ListTeamsQuery = Type.Object({ ...PageQuerySchema });
