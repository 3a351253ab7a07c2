import { Type } from 'typebox';
import { Nullable, NullableTimestamp, PageQuerySchema, StringEnum, Timestamp } from '../shared/schemas.js';
import { Email, Name, RoleSchema, UserId } from './admin-schemas.js';
import { User } from './user-schemas.js';

export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const Invitation = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Nullable(Type.String()),
  role: RoleSchema,
  status: StringEnum(INVITATION_STATUSES),
  expires_at: Timestamp,
  user_id: Nullable(Type.String()),
  accepted_at: NullableTimestamp,
  revoked_at: NullableTimestamp,
  created_at: Timestamp,
  updated_at: Timestamp,
});

/** The create answer: the invitation and, once only, the link the invitee opens to accept it. */
export const CreatedInvitation = Type.Object({
  ...Invitation.properties,
  accept_url: Type.Optional(
    Type.String({
      description: 'PUBLIC_URL/app/accept?token=…: single use, valid until the invitation expires; shown only here',
    }),
  ),
});

const ExpiresAt = Type.String({ format: 'date-time', description: 'must be in the future; default 7 days from now' });

export const CreateInvitationBody = Type.Object({
  email: Email,
  name: Type.Optional(Nullable(Name(200))),
  role: Type.Optional(RoleSchema),
  expires_at: Type.Optional(ExpiresAt),
});

export const UpdateInvitationBody = Type.Object({
  name: Type.Optional(Nullable(Name(200))),
  role: Type.Optional(RoleSchema),
  expires_at: Type.Optional(ExpiresAt),
});

export const AcceptInvitationBody = Type.Object({
  id: Type.Optional(UserId),
  name: Type.Optional(Name(200)),
});

export const AcceptedInvitation = Type.Object({ invitation: Invitation, user: User });

export const ListInvitationsQuery = Type.Object({
  ...PageQuerySchema,
  status: Type.Optional(StringEnum(INVITATION_STATUSES)),
});
