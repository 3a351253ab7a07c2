import { Type } from 'typebox';
import type { App } from '../shared/http.js';
import { errorResponses } from '../shared/schemas.js';
import { AttachmentIdParams } from './attachment-schemas.js';
import type { AttachmentService } from './attachment-service.js';
import { servedContentType } from './content-type.js';
import { attachmentDisposition } from './filenames.js';

// Downloads of stored files. Whatever a file holds, the answer makes a browser save it rather than
// show it: `Content-Disposition: attachment`, `X-Content-Type-Options: nosniff`, a CSP that sandboxes
// and allows nothing, and types a browser would execute (HTML, SVG, XML, scripts) served as
// application/octet-stream.

export async function registerAttachmentRoutes(
  app: App,
  { attachments }: { attachments: Pick<AttachmentService, 'open'> },
): Promise<void> {
  app.get(
    '/attachments/:attachment_id',
    {
      config: { scopes: ['tickets:read'] },
      schema: {
        tags: ['tickets'],
        summary: "Download a file received with a message (as listed in the message's `attachments`)",
        params: AttachmentIdParams,
        response: {
          200: {
            description: 'The file',
            content: { 'application/octet-stream': { schema: Type.String({ format: 'binary' }) } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { attachment, body } = await attachments.open(request.auth.organizationId, request.params.attachment_id);
      return (
        reply
          .header('content-type', servedContentType(attachment.content_type))
          .header('content-length', String(attachment.size))
          .header('content-disposition', attachmentDisposition(attachment.filename))
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, no-cache')
          // A stream: the typed reply knows only the schema's JSON bodies (errors), not the file.
          .send(body as never)
      );
    },
  );
}
