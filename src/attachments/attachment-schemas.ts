import { Type } from 'typebox';

/** A file kept with a message (received mail's attachments); GET /attachments/{id} downloads it. */
export const AttachmentSchema = Type.Object({
  id: Type.String(),
  filename: Type.String({ description: "The sender's name for the file, without any directory part" }),
  content_type: Type.String({
    description:
      'What the bytes were recognised as (never what the mail claimed); `application/octet-stream` when unknown',
  }),
  size: Type.Integer({ description: 'Bytes' }),
});

export const AttachmentIdParams = Type.Object({ attachment_id: Type.String() });
