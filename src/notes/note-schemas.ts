import { Type, type Static } from 'typebox';
import { Nullable, StringEnum, Timestamp } from '../shared/schemas.js';

// ---- requests ----

export const AddNoteBody = Type.Object({
  // As a message's content: at least one character, at most what the request body limit lets through.
  content: Type.String({ minLength: 1, description: 'Stored and returned as plain text (HTML is not interpreted)' }),
  user_id: Type.Optional(
    Nullable(
      Type.String({
        minLength: 1,
        description:
          'The staff user writing the note: required with an API key; with a signed-in session it is that user',
      }),
    ),
  ),
});
export type AddNoteInput = Static<typeof AddNoteBody>;

// ---- responses ----

export const NoteAuthorSchema = Type.Object({
  type: StringEnum(['user'] as const),
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
});

export const NoteSchema = Type.Object({
  id: Type.String(),
  ticket_id: Type.String(),
  content: Type.String(),
  author: NoteAuthorSchema,
  created_at: Timestamp,
});
export type NoteView = Static<typeof NoteSchema>;
