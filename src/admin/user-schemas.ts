import { Type } from 'typebox';
import { PageQuerySchema, Timestamp } from '../shared/schemas.js';
import { Email, Name, RoleSchema, UserId } from './admin-schemas.js';

export const User = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  role: RoleSchema,
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const CreateUserBody = Type.Object({
  id: Type.Optional(UserId),
  name: Name(200),
  email: Email,
  role: Type.Optional(RoleSchema),
});

export const UpdateUserBody = Type.Object({
  name: Type.Optional(Name(200)),
  email: Type.Optional(Email),
  role: Type.Optional(RoleSchema),
});

export const ListUsersQuery = Type.Object({
  ...PageQuerySchema,
  role: Type.Optional(RoleSchema),
});
