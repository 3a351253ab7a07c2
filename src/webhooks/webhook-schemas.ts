import { Type } from 'typebox';
import { Nullable, NullableTimestamp, PageQuerySchema, StringEnum, Timestamp } from '../shared/schemas.js';
import { EVENT_TYPES } from './webhook-events.js';

export const EventTypeSchema = StringEnum(EVENT_TYPES, { description: 'Event type' });

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: '1 to 100 characters' });
const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  pattern: '^\\S+$',
  description: 'Public absolute http(s) URL, no spaces',
});
const Events = Type.Array(EventTypeSchema, { minItems: 1, maxItems: 50, description: 'At least one event type' });

export const WebhookIdParams = Type.Object({ webhook_id: Type.String() });

export const CreateWebhookBody = Type.Object({ name: Name, url: Url, events: Events });

export const UpdateWebhookBody = Type.Object({
  name: Type.Optional(Name),
  url: Type.Optional(Url),
  events: Type.Optional(Events),
  is_active: Type.Optional(Type.Boolean()),
});

export const SubscribeBody = Type.Object({ url: Url, event: EventTypeSchema });
export const UnsubscribeBody = Type.Object({ url: Url, event: Type.Optional(EventTypeSchema) });

export const DeliveriesQuery = Type.Object(PageQuerySchema);

export const WebhookSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  is_active: Type.Boolean(),
  last_delivery_at: NullableTimestamp,
  last_delivery_status: Nullable(StringEnum(['success', 'failed'] as const)),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const CreatedWebhookSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  url: Type.String(),
  secret: Type.String({ description: 'HMAC-SHA256 signing secret; shown only here' }),
  events: Type.Array(Type.String()),
  is_active: Type.Boolean(),
  created_at: Timestamp,
});

export const DeliverySchema = Type.Object({
  id: Type.String(),
  event: Type.String(),
  status: StringEnum(['success', 'failed'] as const, { description: 'Outcome of the latest attempt' }),
  status_code: Nullable(
    Type.Integer({ description: 'HTTP status of the latest attempt; null when no response was received' }),
  ),
  attempt_count: Type.Integer(),
  created_at: Timestamp,
  completed_at: NullableTimestamp,
  next_attempt_at: NullableTimestamp,
});

export const SubscriptionSchema = Type.Object({ id: Type.String(), url: Type.String(), event: Type.String() });
export const DeletedSchema = Type.Object({ deleted: Type.Boolean() });
export const SuccessSchema = Type.Object({ success: Type.Boolean() });

export const DeliveryIdParams = Type.Object({ webhook_id: Type.String(), delivery_id: Type.String() });

/** A delivery record just queued by a test or a retry: status is null until its first attempt finishes. */
export const QueuedDeliverySchema = Type.Object({
  id: Type.String(),
  event: Type.String(),
  status: Nullable(StringEnum(['success', 'failed'] as const, { description: 'null: no attempt has finished yet' })),
  status_code: Nullable(Type.Integer()),
  attempt_count: Type.Integer(),
  created_at: Timestamp,
  completed_at: NullableTimestamp,
  next_attempt_at: NullableTimestamp,
});

export const RotateSecretBody = Type.Object({
  previous_secret_expires_in: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 86400,
      default: 0,
      description: 'Seconds the previous secret keeps signing deliveries (second v1 signature)',
    }),
  ),
});

export const RotatedWebhookSchema = Type.Object({
  ...WebhookSchema.properties,
  secret: Type.String({ description: 'The new signing secret; shown only here' }),
});
