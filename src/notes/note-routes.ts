import { sessionUserId } from '../shared/acting-user.js';
import type { App } from '../shared/http.js';
import { Data, DataList, errorResponses } from '../shared/schemas.js';
import { TicketIdParams } from '../tickets/ticket-schemas.js';
import { AddNoteBody, NoteSchema } from './note-schemas.js';
import type { NoteService } from './note-service.js';

export async function registerNoteRoutes(app: App, { notes }: { notes: NoteService }): Promise<void> {
  const tags = ['tickets'];

  app.post(
    '/tickets/:ticket_id/notes',
    {
      config: { scopes: ['tickets:write'] },
      schema: {
        tags,
        summary: 'Add an internal note (staff only; never sent to the customer)',
        description:
          'The author is the signed-in user with a session (a `user_id` naming anyone else is 403); with an API key ' +
          "`user_id` is required and must name a staff user of the organization (else 400). `If-Match` with the ticket's " +
          'ETag (as GET answers it) adds the note only if the ticket is unchanged since (else 412). Adding a note does ' +
          "not change the ticket's representation or ETag.",
        params: TicketIdParams,
        body: AddNoteBody,
        response: { 201: Data(NoteSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const note = await notes.create(request.auth.organizationId, request.params.ticket_id, request.body, {
        caller: { userId: sessionUserId(request.auth) },
        precondition: request.precondition,
      });
      return reply.code(201).send({ data: note });
    },
  );

  app.get(
    '/tickets/:ticket_id/notes',
    {
      config: { scopes: ['tickets:read'] },
      schema: {
        tags,
        summary: "A ticket's internal notes, oldest first",
        params: TicketIdParams,
        response: { 200: DataList(NoteSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await notes.list(request.auth.organizationId, request.params.ticket_id) }),
  );
}
