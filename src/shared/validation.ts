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

/** Deeper bodies are refused: nothing of ours nests this far, and deep recursion would exhaust the stack. */
export const MAX_BODY_DEPTH = 64;

/**
 * Values JSON can carry but the databases cannot store faithfully: NUL characters (PostgreSQL text
 * refuses them), lone UTF-16 surrogates (each engine replaces them differently) and numbers beyond
 * double range (JSON.parse turns 1e400 into Infinity); also nesting deeper than MAX_BODY_DEPTH.
 * Iterative, so no input can overflow the stack. Returns the path of the first problem found.
 */
export function findUnstorableValue(root: unknown): { field: string; issue: string } | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: 'body', depth: 0 }];
  const child = (path: string, key: string) => (path === 'body' ? key : `${path}.${key}`);
  const badString = (value: string): string | null => {
    if (value.includes('\u0000')) return 'nul_character';
    if (!(value as unknown as { isWellFormed(): boolean }).isWellFormed()) return 'invalid_unicode';
    return null;
  };
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const issue = badString(value);
      if (issue) return { field: path, issue };
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { field: path, issue: 'out_of_range' };
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_BODY_DEPTH) return { field: path, issue: 'too_deep' };
      const entries: [string, unknown][] = Array.isArray(value)
        ? value.map((v, i) => [String(i), v])
        : Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, v] = entries[i];
        if (!Array.isArray(value)) {
          const issue = badString(key);
          if (issue) return { field: path, issue };
        }
        stack.push({ value: v, path: child(path, key), depth: depth + 1 });
      }
    }
  }
  return null;
}

const UNSTORABLE_MESSAGES: Record<string, string> = {
  nul_character: 'must not contain NUL (\\u0000) characters',
  invalid_unicode: 'must be valid Unicode (no lone surrogates)',
  out_of_range: 'is a number out of range',
  too_deep: `nests deeper than ${MAX_BODY_DEPTH} levels`,
};

/** JSON body parser: an empty body counts as no body; anything unparsable is a 400 in our shape. */
export function installJsonParser(app: FastifyInstance): void {
  // JSON only: without the text/plain parser Fastify answers other bodies with 415.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch (err) {
      const proto = err instanceof SyntaxError && /prototype/i.test(err.message);
      return done(
        proto
          ? new AppError(
              400,
              'validation_error',
              'request body must not contain "__proto__" or "constructor.prototype" keys',
              [{ field: 'body', issue: 'forbidden_key' }],
            )
          : new AppError(400, 'validation_error', 'request body is not valid JSON', [
              { field: 'body', issue: 'invalid_json' },
            ]),
        undefined,
      );
    }
    const bad = findUnstorableValue(parsed);
    if (bad) {
      return done(
        new AppError(400, 'validation_error', `${bad.field} ${UNSTORABLE_MESSAGES[bad.issue]}`, [bad]),
        undefined,
      );
    }
    done(null, parsed);
  });
}

const DIGITS = /^[0-9]{1,15}$/;

/**
 * Rejects what no route can serve before any schema runs: NUL characters anywhere in the URL (as %00)
 * and page/limit values that are not plain positive integers (Ajv's coercion would accept "0x10",
 * "1e1" or "1e400").
 */
export function installQueryGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (/%00/.test(request.url)) {
      throw new AppError(400, 'validation_error', 'the URL must not contain NUL (%00) characters', [
        { field: 'url', issue: 'nul_character' },
      ]);
    }
  });
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (!query) return;
    for (const name of ['page', 'limit']) {
      const value = query[name];
      if (value === undefined) continue;
      if (typeof value !== 'string' || !DIGITS.test(value)) {
        throw new AppError(400, 'validation_error', `${name} must be a positive integer`, [
          { field: name, issue: 'invalid_type' },
        ]);
      }
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
      return {
        issue: 'too_few_items',
        message: `${field} must have at least ${p.limit} item${p.limit === 1 ? '' : 's'}`,
      };
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
