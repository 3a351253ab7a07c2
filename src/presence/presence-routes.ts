import { Type } from 'typebox';
import type { App } from '../shared/http.js';
import { errorResponses } from '../shared/schemas.js';
import { PresenceBody, PresenceParams } from './presence-schemas.js';
import type { PresenceService } from './presence-service.js';

export async function registerPresenceRoutes(app: App, { presence }: { presence: PresenceService }): Promise<void> {
  app.post(
    '/tickets/:ticket_id/presence',
    {
      config: { scopes: ['tickets:read' as const] },
      schema: {
        tags: ['tickets'],
        summary:
          'Report that a staff user is viewing or typing on the ticket (sent to live event streams, never stored)',
        params: PresenceParams,
        body: PresenceBody,
        response: { 204: Type.Null({ description: 'Reported' }), ...errorResponses },
      },
    },
    async (request, reply) => {
      // Set for signed-in staff (a session); absent or null for an API key.
      const signedIn = (request.auth as { userId?: string | null }).userId ?? null;
      await presence.report(request.auth.organizationId, {
        ticketId: request.params.ticket_id,
        state: request.body.state,
        signedInUserId: signedIn,
        bodyUserId: request.body.user_id,
      });
      return reply.code(204).send(null);
    },
  );
}
