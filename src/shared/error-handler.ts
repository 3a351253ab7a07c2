import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/database.js';
import { AppError } from './errors.js';
import { validationFailure } from './validation.js';

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
      return new AppError(400, 'validation_error', 'request body is not valid JSON', [{ field: 'body', issue: 'invalid_json' }]);
  }
  const status = err.statusCode ?? 500;
  if (status === 429) return new AppError(429, 'rate_limited', 'rate limit exceeded, retry later');
  if (status === 413) return new AppError(413, 'payload_too_large', 'request body is larger than the configured limit');
  if (status === 404) return new AppError(404, 'not_found', 'not found');
  if (status >= 400 && status < 500) return new AppError(400, 'validation_error', err.message);
  return null;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const known = toAppError(err);
    if (!known && isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ error: { code: 'service_unavailable', message: 'the database is unavailable; retry later', details: [] } });
    }
    if (!known) {
      request.log.error({ err }, 'unhandled error');
      return reply.code(500).send({ error: { code: 'internal_error', message: 'internal server error', details: [] } });
    }
    for (const [name, value] of Object.entries(known.headers)) reply.header(name, value);
    return reply
      .code(known.statusCode)
      .send({ error: { code: known.code, message: known.message, details: known.details } });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      error: { code: 'not_found', message: `route ${request.method} ${request.url.split('?')[0]} not found`, details: [] },
    }),
  );
}
