import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorResponse } from '../shared/schemas.js';
import { installJsonParser, installQueryGuards, validatorCompiler } from '../shared/validation.js';

/** JSON-only bodies, strict body and coerced query validation, URL guards; the shared error schema. */
export const requestParsingPlugin = fp(
  async (app: FastifyInstance) => {
    app.setValidatorCompiler(validatorCompiler);
    installJsonParser(app);
    installQueryGuards(app);
    app.addSchema(ErrorResponse);
  },
  { name: 'request-parsing' },
);
