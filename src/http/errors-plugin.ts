import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable, isMalformedValue } from '../db/database.js';
import { AppError, errorBody, serviceUnavailable } from '../shared/errors.js';
import { missingHost } from './client-errors.js';
import { REQUEST_ID_HEADER } from './request-id-plugin.js';
import { validationFailure } from '../shared/validation.js';

// Every error the API answers goes through here and leaves in the one error shape (shared/errors.ts).

function toAppError(err: FastifyError): AppError | null {
  if (err instanceof AppError) return err;
  if (err.validation) return validationFailure(err.validation as any, err.validationContext);
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(413, 'payload_too_large', 'request body is larger than the configured limit');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(415, 'unsupported_media_type', 'request body must be JSON (Content-Type: application/json)');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError(400, 'validation_error', 'request body is not valid JSON', [
        { field: 'body', issue: 'invalid_json' },
      ]);
  }
  const status = err.statusCode ?? 500;
  if (status === 429) return new AppError(429, 'rate_limited', 'rate limit exceeded, retry later');
  if (status === 413) return new AppError(413, 'payload_too_large', 'request body is larger than the configured limit');
  if (status === 404) return new AppError(404, 'not_found', 'not found');
  if (status >= 400 && status < 500) return new AppError(400, 'validation_error', err.message);
  return null;
}

function send(reply: FastifyReply, error: AppError) {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  // Also here: errors raised before the onRequest hooks (an undecodable URL) still carry the id.
  reply.header(REQUEST_ID_HEADER, reply.request.id);
  return reply.code(error.statusCode).send(errorBody(error, reply.request.id));
}

/**
 * Errors raised before routing (given to the Fastify constructor): a URL Fastify cannot even decode
 * (e.g. "%ZZ") names nothing, so it is a 404 in our shape.
 */
export const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (error, _request, reply) => {
  const notDecodable = error.code === 'FST_ERR_BAD_URL';
  void send(
    reply as FastifyReply,
    notDecodable ? new AppError(404, 'not_found', 'not found') : new AppError(400, 'validation_error', error.message),
  );
};

export interface ErrorsOptions {
  /**
   * Whether the key a request authenticated as is still an active key of its organization. Asked
   * only about an error that would be a 500: a key can be served from a process's cache after its
   * organization was removed behind that process's back, and then its writes fail on rows that are
   * gone (a counter not found, a foreign key). Such a request gets the 401 a fresh lookup would give.
   */
  keyStillActive?: (organizationId: string, keyId: string) => Promise<boolean>;
}

/** The answer authentication gives a key that is unknown or revoked. */
const keyGone = () =>
  new AppError(401, 'unauthorized', 'invalid or revoked API key', [], { 'www-authenticate': 'Bearer' });

export const errorsPlugin = fp(
  async (app: FastifyInstance, { keyStillActive }: ErrorsOptions) => {
    app.setErrorHandler(async (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const known = toAppError(err);
      if (known) return send(reply, known);
      if (isDatabaseUnavailable(err)) {
        request.log.error({ err }, 'database unavailable');
        return send(reply, serviceUnavailable());
      }
      if (isMalformedValue(err)) {
        request.log.warn({ err }, 'unvalidated malformed value reached the database');
        return send(
          reply,
          new AppError(
            400,
            'validation_error',
            'a value is not in the form its field requires (e.g. an id that is not a UUID)',
          ),
        );
      }
      const auth = request.auth as FastifyRequest['auth'] | null | undefined;
      // A session's user and organization are read on every request: only a cached key can outlive them.
      if (auth?.keyId && keyStillActive) {
        const active = await keyStillActive(auth.organizationId, auth.keyId).catch(() => true);
        if (!active) {
          request.log.warn({ err }, 'the organization or key of the request is gone');
          return send(reply, keyGone());
        }
      }
      request.log.error({ err }, 'unhandled error');
      // A bug: the answer says nothing internal (no message, stack or SQL); the log has it all.
      return send(reply, new AppError(500, 'internal_error', 'internal server error'));
    });

    // Node is told not to refuse a request without Host itself (its answer is an empty 400).
    app.addHook('onRequest', async (request) => {
      const error = missingHost(request);
      if (error) throw error;
    });

    app.setNotFoundHandler((request, reply) =>
      send(reply, new AppError(404, 'not_found', `route ${request.method} ${request.url.split('?')[0]} not found`)),
    );
  },
  { name: 'errors' },
);
