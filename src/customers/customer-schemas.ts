import { Type } from 'typebox';
import { Nullable, PageQuerySchema, Timestamp } from '../shared/schemas.js';

const Email = Type.String({ format: 'email', maxLength: 320 });
const Text = (maxLength: number) => Type.String({ maxLength });
const AvatarUrl = Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2048 });
const Metadata = Type.Record(Type.String(), Type.Unknown());

export const Customer = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Nullable(Type.String()),
  external_user_id: Nullable(Type.String()),
  external_organization_id: Nullable(Type.String()),
  external_organization_name: Nullable(Type.String()),
  avatar_url: Nullable(Type.String()),
  metadata: Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'], additionalProperties: true }),
  ticket_count: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const CreateCustomerBody = Type.Object({
  email: Email,
  name: Type.Optional(Nullable(Text(255))),
  external_user_id: Type.Optional(Nullable(Text(255))),
  external_organization_id: Type.Optional(Nullable(Text(255))),
  external_organization_name: Type.Optional(Nullable(Text(255))),
  avatar_url: Type.Optional(Nullable(AvatarUrl)),
  metadata: Type.Optional(Nullable(Metadata)),
});

// Every field optional; email stays non-nullable (it is not Nullable in the create body either).
export const UpdateCustomerBody = Type.Partial(CreateCustomerBody);

export const ListCustomersQuery = Type.Object({
  ...PageQuerySchema,
  search: Type.Optional(Type.String({ maxLength: 200 })),
});

export const CustomerParams = Type.Object({ customer_id: Type.String() });
