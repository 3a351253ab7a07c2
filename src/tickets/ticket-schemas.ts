import { Type, type Static } from 'typebox';
import { AttachmentSchema } from '../attachments/attachment-schemas.js';
import { MAX_TEAM_FILTER } from './ticket-list-filters.js';
import { Nullable, NullableTimestamp, PageQuerySchema, StringEnum, Timestamp } from '../shared/schemas.js';

export const TICKET_STATUSES = ['OPEN', 'PENDING', 'ON_HOLD', 'RESOLVED', 'CLOSED'] as const;
export const TICKET_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export const TICKET_CHANNELS = ['API', 'EMAIL', 'INTERNAL', 'WIDGET', 'WIDGET_AI', 'KB_CHAT'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export type TicketChannel = (typeof TICKET_CHANNELS)[number];

export const SUBJECT_MAX = 500;
// Bounds that keep one request's work predictable; the body limit caps message sizes.
export const MAX_TAG_IDS = 100;
export const SEARCH_MAX = 200;

const Status = StringEnum(TICKET_STATUSES);
const Priority = StringEnum(TICKET_PRIORITIES);
const TagIds = Type.Array(Type.String(), { maxItems: MAX_TAG_IDS });
const OptionalText = Nullable(Type.String({ maxLength: 1000 }));

// ---- requests ----

export const CreateTicketBody = Type.Object({
  subject: Type.String({ minLength: 1, maxLength: SUBJECT_MAX }),
  message: Type.String({ minLength: 1 }),
  customer: Type.Object({
    email: Type.String({ format: 'email', maxLength: 320 }),
    name: Type.Optional(OptionalText),
    external_user_id: Type.Optional(OptionalText),
    external_organization_id: Type.Optional(OptionalText),
    external_organization_name: Type.Optional(OptionalText),
    metadata: Type.Optional(Nullable(Type.Object({}, { additionalProperties: true }))),
  }),
  priority: Type.Optional(Priority),
  tag_ids: Type.Optional(TagIds),
});
export type CreateTicketInput = Static<typeof CreateTicketBody>;

export const UpdateTicketBody = Type.Object({
  status: Type.Optional(Status),
  priority: Type.Optional(Priority),
  subject: Type.Optional(Type.String({ minLength: 1, maxLength: SUBJECT_MAX })),
  assignee_id: Type.Optional(Nullable(Type.String({ minLength: 1 }))),
  team_id: Type.Optional(Nullable(Type.String({ minLength: 1 }))),
  add_tag_ids: Type.Optional(TagIds),
  remove_tag_ids: Type.Optional(TagIds),
});
export type UpdateTicketInput = Static<typeof UpdateTicketBody>;

export const AddMessageBody = Type.Object({
  content: Type.String({ minLength: 1 }),
  user_id: Type.Optional(Nullable(Type.String({ minLength: 1 }))),
});
export type AddMessageInput = Static<typeof AddMessageBody>;

export const ListTicketsQuery = Type.Object({
  ...PageQuerySchema,
  status: Type.Optional(Status),
  priority: Type.Optional(Priority),
  customer_id: Type.Optional(Type.String({ format: 'uuid' })),
  assignee_id: Type.Optional(
    Type.String({ minLength: 1, description: 'A staff user id, or `none` for tickets nobody is assigned to' }),
  ),
  team_id: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: MAX_TEAM_FILTER * 37,
      description: `Team ids separated by commas (at most ${MAX_TEAM_FILTER}), or \`mine\`: the teams of the signed-in user`,
    }),
  ),
  tag_id: Type.Optional(Type.String({ format: 'uuid' })),
  include_closed: Type.Optional(Type.Boolean({ default: false })),
  search: Type.Optional(Type.String({ maxLength: SEARCH_MAX })),
});
export type ListTicketsInput = Static<typeof ListTicketsQuery>;

export const TicketIdParams = Type.Object({ ticket_id: Type.String() });

// ---- responses ----

export const AuthorSchema = Type.Object({
  type: StringEnum(['customer', 'user'] as const),
  id: Type.String(),
  email: Nullable(Type.String()),
  name: Nullable(Type.String()),
});

/** A reply's way to the customer on an EMAIL ticket (null on other messages). */
export const DeliverySchema = Type.Object({
  channel: StringEnum(['email'] as const),
  status: StringEnum(['queued', 'sent', 'failed'] as const),
  attempt_count: Type.Integer(),
  last_error: Nullable(Type.String()),
  sent_at: NullableTimestamp,
});

export const MessageSchema = Type.Object({
  id: Type.String(),
  content: Type.String(),
  type: StringEnum(['INBOUND', 'OUTBOUND'] as const),
  author: Nullable(AuthorSchema),
  created_at: Timestamp,
  delivery: Nullable(DeliverySchema),
  /** Files received with the message (an empty array on every other message). */
  attachments: Type.Array(AttachmentSchema),
});

const TicketCustomer = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Nullable(Type.String()),
  external_user_id: Nullable(Type.String()),
});
const Assignee = Nullable(Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() }));
const Team = Nullable(Type.Object({ id: Type.String(), name: Type.String() }));
const Tag = Type.Object({ id: Type.String(), name: Type.String(), color: Type.String() });

const ticketCore = {
  id: Type.String(),
  ticket_number: Type.String(),
  subject: Type.String(),
  status: Status,
  priority: Priority,
  channel: StringEnum(TICKET_CHANNELS),
  external_organization_id: Nullable(Type.String()),
  external_organization_name: Nullable(Type.String()),
  customer: TicketCustomer,
  assignee: Assignee,
  team: Team,
  tags: Type.Array(Tag),
};

export const TicketSchema = Type.Object({
  ...ticketCore,
  messages: Type.Array(MessageSchema),
  created_at: Timestamp,
  updated_at: Timestamp,
  closed_at: NullableTimestamp,
});

export const TicketListItemSchema = Type.Object({
  ...ticketCore,
  message_count: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
