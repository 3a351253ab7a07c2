import { Type } from 'typebox';
import { Timestamp } from '../shared/schemas.js';

export const EventsQuery = Type.Object({
  after: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'A next_cursor from an earlier answer; omitted: from the oldest retained event',
    }),
  ),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  type: Type.Optional(Type.String({ minLength: 1, maxLength: 1000, description: 'Comma-separated event types' })),
});

export const EventSchema = Type.Object({
  id: Type.String({ format: 'uuid', description: 'Also the webhook-id header of its deliveries' }),
  type: Type.String(),
  created_at: Timestamp,
  data: Type.Object({}, { additionalProperties: true, description: "Exactly the webhook body's data for this event" }),
});

export const EventListSchema = Type.Object({
  data: Type.Array(EventSchema),
  meta: Type.Object({
    next_cursor: Type.String({
      description: 'Pass as after to continue; always present (poll with it for newer events)',
    }),
    has_more: Type.Boolean(),
  }),
});
