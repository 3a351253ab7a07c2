import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError, type ErrorDetail } from './errors.js';

// Bodies are validated strictly (a number is not a string); query strings and path parameters are
// text on the wire, so they are coerced ("20" -> 20, "true" -> true) before validation.
function makeAjv(coerce: boolean) {
  const ajv = new Ajv.default({
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: true,
    allErrors: false,
    strict: false,
  });
  addFormats.default(ajv);
  return ajv;
}

const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

export const validatorCompiler: FastifySchemaCompiler<any> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema);

/** JSON body parser: an empty body counts as no body; anything unparsable is a 400 in our shape. */
export function installJsonParser(app: FastifyInstance): void {
  // JSON only: without the text/plain parser Fastify answers other bodies with 415.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' }));
    } catch {
      done(new AppError(400, 'validation_error', 'request body is not valid JSON', [{ field: 'body', issue: 'invalid_json' }]), undefined);
    }
  });
}

function fieldOf(error: ErrorObject, context: string | undefined): string {
  const path = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') path.push(String((error.params as { missingProperty: string }).missingProperty));
  if (path.length === 0) return context === 'querystring' ? 'query' : (context ?? 'body');
  return path.join('.');
}

function describe(error: ErrorObject, field: string): { issue: string; message: string } {
  const p = error.params as Record<string, any>;
  switch (error.keyword) {
    case 'required':
      return { issue: 'required', message: `${field} is required` };
    case 'maxLength':
      return { issue: 'too_long', message: `${field} must be at most ${p.limit} characters` };
    case 'minLength':
      return p.limit === 1
        ? { issue: 'too_short', message: `${field} must not be empty` }
        : { issue: 'too_short', message: `${field} must be at least ${p.limit} characters` };
    case 'type': {
      const t = Array.isArray(p.type) ? p.type.join(' or ') : String(p.type);
      return { issue: 'invalid_type', message: `${field} must be ${/^[aeiou]/.test(t) ? 'an' : 'a'} ${t}` };
    }
    case 'enum':
      return { issue: 'invalid_value', message: `${field} must be one of ${p.allowedValues.join(', ')}` };
    case 'const':
      return { issue: 'invalid_value', message: `${field} must be ${JSON.stringify(p.allowedValue)}` };
    case 'format':
      return { issue: 'invalid_format', message: `${field} must be a valid ${p.format}` };
    case 'pattern':
      return { issue: 'invalid_format', message: `${field} has an invalid format` };
    case 'maximum':
      return { issue: 'out_of_range', message: `${field} must be at most ${p.limit}` };
    case 'minimum':
      return { issue: 'out_of_range', message: `${field} must be at least ${p.limit}` };
    case 'minItems':
      return { issue: 'too_few_items', message: `${field} must have at least ${p.limit} item${p.limit === 1 ? '' : 's'}` };
    case 'maxItems':
      return { issue: 'too_many_items', message: `${field} must have at most ${p.limit} items` };
    case 'minProperties':
      return { issue: 'required', message: `${field} must not be empty` };
    default:
      return { issue: 'invalid', message: `${field} is invalid` };
  }
}

/** Turns Ajv errors from Fastify's validation step into our error. */
export function validationFailure(errors: ErrorObject[], context: string | undefined): AppError {
  const details: ErrorDetail[] = [];
  let message = 'request is invalid';
  errors.forEach((error, i) => {
    const field = fieldOf(error, context);
    const d = describe(error, field);
    if (i === 0) message = d.message;
    details.push({ field, issue: d.issue });
  });
  return new AppError(400, 'validation_error', message, details);
}
