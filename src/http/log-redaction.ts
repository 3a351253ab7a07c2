import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import { redactingErrorSerializer, urlPasswords } from '../shared/redact.js';

/** The passwords of the configured connection URLs: never to appear in a log line. */
export const configuredSecrets = (config: Pick<Config, 'database' | 'redisUrl'>): string[] =>
  urlPasswords([
    config.database.url,
    'directUrl' in config.database ? config.database.directUrl : undefined,
    config.redisUrl,
  ]);

/**
 * Logger options whose `err` serializer cleans every logged error (message, stack, own properties
 * such as a URL error's `input`, causes) of connection URL passwords, bearer tokens, API keys and
 * webhook secrets: driver errors are not ours to word.
 */
export function withSecretRedaction(
  logger: FastifyServerOptions['logger'],
  secrets: string[],
): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  const err = redactingErrorSerializer(secrets) as (e: unknown) => { type: string; message: string; stack: string };
  return { ...options, serializers: { ...options.serializers, err } };
}
