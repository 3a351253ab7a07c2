import { Type } from 'typebox';

export const PresenceParams = Type.Object({ ticket_id: Type.String() });

export const PresenceBody = Type.Object(
  {
    state: Type.Union([Type.Literal('viewing'), Type.Literal('typing')]),
    user_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'The staff user present: required with an API key; with a session, the signed-in user',
      }),
    ),
  },
  { additionalProperties: false },
);
