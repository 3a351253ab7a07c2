import { Type, type Static } from 'typebox';
import { Nullable, StringEnum, Timestamp } from '../shared/schemas.js';
import { QUESTION_MAX } from '../knowledge/assistant-service.js';
import { TICKET_STATUSES } from '../tickets/ticket-schemas.js';

/** A visitor's message at most, in characters. */
export const MESSAGE_MAX = 10_000;

const Content = Type.String({
  minLength: 1,
  maxLength: MESSAGE_MAX,
  description: 'Plain text (HTML is not interpreted)',
});

export const SessionBody = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 100, description: 'The widget key (`wk_…`)' }),
  identity_token: Type.Optional(
    Type.String({ minLength: 1, maxLength: 8_000, description: "A JWT from the site's backend (HS256)" }),
  ),
});
export type SessionInput = Static<typeof SessionBody>;

export const VisitorSchema = Type.Object({
  email: Nullable(Type.String()),
  name: Nullable(Type.String()),
  identified: Type.Boolean(),
});

export const SessionSchema = Type.Object({
  token: Type.String({
    description: 'The bearer of the visitor routes (Authorization: Bearer, or ?token= on the stream)',
  }),
  expires_at: Timestamp,
  visitor: VisitorSchema,
  assistant: Type.Boolean({
    description: 'The assistant answers first (POST /widget/v1/assistant): the organization has published articles',
  }),
});

export const CreateConversationBody = Type.Object({
  message: Content,
  email: Type.Optional(Type.String({ format: 'email', maxLength: 320 })),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
export type CreateConversationInput = Static<typeof CreateConversationBody>;

export const AddVisitorMessageBody = Type.Object({ content: Content });

export const VisitorMessageSchema = Type.Object({
  id: Type.String(),
  content: Type.String(),
  type: StringEnum(['INBOUND', 'OUTBOUND'] as const),
  author: Type.Object({
    type: StringEnum(['customer', 'agent'] as const),
    name: Nullable(Type.String()),
  }),
  created_at: Timestamp,
});
export type VisitorMessage = Static<typeof VisitorMessageSchema>;

export const ConversationSchema = Type.Object({
  id: Type.String({ description: 'The ticket id' }),
  ticket_number: Type.String(),
  subject: Type.String(),
  status: StringEnum(TICKET_STATUSES),
  messages: Type.Array(VisitorMessageSchema),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Conversation = Static<typeof ConversationSchema>;

export const ConversationParams = Type.Object({ id: Type.String() });

export const SeenBody = Type.Object({
  message_id: Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'The last message the widget showed: replies up to it are not mailed to the visitor',
  }),
});

/** A question to the assistant, as long as the help center's may be. */
export const AssistantBody = Type.Object({
  message: Type.String({ minLength: 1, maxLength: QUESTION_MAX }),
  conversation_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});

export const AssistantParams = Type.Object({ conversation_id: Type.String() });

export const HandoffBody = Type.Object({
  email: Type.Optional(Type.String({ format: 'email', maxLength: 320 })),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
