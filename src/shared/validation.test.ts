import type { ErrorObject } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import {
  findUnstorableValue,
  installJsonParser,
  installQueryGuards,
  MAX_BODY_DEPTH,
  validationFailure,
  validatorCompiler,
} from './validation.js';

// ---------------------------------------------------------------------------------------------
// helpers

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
const compile = (schema: object, httpPart: string): Validate =>
  validatorCompiler({ schema, httpPart, method: 'POST', url: '/x' } as never) as Validate;

/** `depth` levels of nested arrays around `inner`: nestArrays(2, 'x') is [['x']]. */
const nestArrays = (depth: number, inner: unknown): unknown => {
  let value = inner;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};
/** `depth` levels of nested objects {a: {a: ... inner}}. */
const nestObjects = (depth: number, inner: unknown): unknown => {
  let value = inner;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

/** A stand-in for the Fastify instance that records what the installers register. */
function recordingApp() {
  const removed: unknown[] = [];
  const parsers: {
    type: unknown;
    options: unknown;
    parser: (req: unknown, body: string | Buffer, done: Done) => void;
  }[] = [];
  const hooks: { name: string; hook: (request: unknown) => Promise<void> }[] = [];
  const app = {
    removeContentTypeParser: (types: unknown) => void removed.push(types),
    addContentTypeParser: (type: unknown, options: unknown, parser: never) =>
      void parsers.push({ type, options, parser }),
    addHook: (name: string, hook: never) => void hooks.push({ name, hook }),
  };
  return { app: app as unknown as FastifyInstance, removed, parsers, hooks };
}
type Done = (err: Error | null, body?: unknown) => void;

/** Runs the installed JSON parser on a raw body and reports exactly what it passed to `done`. */
function parse(body: string | Buffer): { err: Error | null; value: unknown; args: number } {
  const { app, parsers } = recordingApp();
  installJsonParser(app);
  let outcome: { err: Error | null; value: unknown; args: number } | undefined;
  parsers[0].parser({}, body, (...args: unknown[]) => {
    outcome = { err: args[0] as Error | null, value: args[1], args: args.length };
  });
  if (!outcome) throw new Error('parser did not call done');
  return outcome;
}
const appError = (err: Error | null) => {
  expect(err).toBeInstanceOf(AppError);
  const e = err as AppError;
  return { statusCode: e.statusCode, code: e.code, message: e.message, details: e.details };
};

// ---------------------------------------------------------------------------------------------

describe('validatorCompiler', () => {
  const numberSchema = { type: 'object', properties: { n: { type: 'integer' }, flag: { type: 'boolean' } } };

  it('validates bodies strictly: a string is not a number', () => {
    const validate = compile(numberSchema, 'body');
    expect(validate({ n: '20' })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: 'type', instancePath: '/n' });
    expect(validate({ flag: 'true' })).toBe(false);
    const data = { n: 20, flag: true };
    expect(validate(data)).toBe(true);
    expect(data).toEqual({ n: 20, flag: true });
  });

  it.each(['querystring', 'params', 'headers'])('coerces %s text to the schema types', (part) => {
    const validate = compile(numberSchema, part);
    const data = { n: '20', flag: 'true' };
    expect(validate(data)).toBe(true);
    expect(data).toEqual({ n: 20, flag: true });
    expect(validate({ n: 'x' })).toBe(false);
  });

  it('coerces a single query value into an array, but never a body value', () => {
    const schema = { type: 'object', properties: { ids: { type: 'array', items: { type: 'string' } } } };
    const query = { ids: 'a' };
    expect(compile(schema, 'querystring')(query)).toBe(true);
    expect(query).toEqual({ ids: ['a'] });
    expect(compile(schema, 'body')({ ids: 'a' })).toBe(false);
  });

  it.each(['body', 'querystring'])('fills in defaults and drops unknown properties (%s)', (part) => {
    const schema = {
      type: 'object',
      properties: { limit: { type: 'integer', default: 20 }, name: { type: 'string' } },
      additionalProperties: false,
    };
    const data: Record<string, unknown> = { name: 'x', extra: 'dropped' };
    expect(compile(schema, part)(data)).toBe(true);
    expect(data).toEqual({ name: 'x', limit: 20 });
  });

  it('stops at the first error', () => {
    const validate = compile({ type: 'object', required: ['a', 'b'], properties: { c: { type: 'string' } } }, 'body');
    expect(validate({ c: 1 })).toBe(false);
    expect(validate.errors).toHaveLength(1);
  });

  it('accepts schemas with annotations it does not know (not strict) and knows the standard formats', () => {
    const validate = compile({ type: 'string', format: 'email', example: 'a@example.com', 'x-note': 'n' }, 'body');
    expect(validate('a@example.com')).toBe(true);
    expect(validate('not-an-email')).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: 'format', params: { format: 'email' } });
    expect(compile({ type: 'string', format: 'uuid' }, 'params')('0d8a1e2c-6f0b-4c36-9d55-2b6b8f3c6f21')).toBe(true);
  });
});

describe('findUnstorableValue', () => {
  it.each([
    null,
    undefined,
    true,
    false,
    0,
    -1.5,
    1e308,
    -1e308,
    '',
    'plain',
    'é ☃ 😀',
    [],
    {},
    { a: [1, 'x', null, { b: true }] },
  ])('accepts %j', (value) => expect(findUnstorableValue(value)).toBeNull());

  it.each([
    ['a\u0000b', { field: 'body', issue: 'nul_character' }],
    ['\u0000', { field: 'body', issue: 'nul_character' }],
    ['\ud800', { field: 'body', issue: 'invalid_unicode' }],
    ['a\udc00b', { field: 'body', issue: 'invalid_unicode' }],
    [Infinity, { field: 'body', issue: 'out_of_range' }],
    [-Infinity, { field: 'body', issue: 'out_of_range' }],
    [NaN, { field: 'body', issue: 'out_of_range' }],
    [{ a: 'x\u0000' }, { field: 'a', issue: 'nul_character' }],
    [{ a: { b: ['ok', '\ud83d'] } }, { field: 'a.b.1', issue: 'invalid_unicode' }],
    [['ok', 1, Infinity], { field: '2', issue: 'out_of_range' }],
    [[{ n: -Infinity }], { field: '0.n', issue: 'out_of_range' }],
    [{ 'k\u0000': 1 }, { field: 'body', issue: 'nul_character' }],
    [{ outer: { '\udfff': 'v' } }, { field: 'outer', issue: 'invalid_unicode' }],
    [{ 'a.b': { c: '\u0000' } }, { field: 'a.b.c', issue: 'nul_character' }],
  ])('refuses %j', (value, problem) => expect(findUnstorableValue(value)).toEqual(problem));

  it('reports the first problem in document order', () => {
    expect(findUnstorableValue({ a: 'ok', b: '\u0000', c: Infinity })).toEqual({ field: 'b', issue: 'nul_character' });
    expect(findUnstorableValue({ a: Infinity, b: '\u0000' })).toEqual({ field: 'a', issue: 'out_of_range' });
    expect(findUnstorableValue({ a: { deep: '\ud800' }, b: '\u0000' })).toEqual({
      field: 'a.deep',
      issue: 'invalid_unicode',
    });
    expect(findUnstorableValue(['\u0000', Infinity])).toEqual({ field: '0', issue: 'nul_character' });
    expect(findUnstorableValue([1, 2, '\u0000', Infinity])).toEqual({ field: '2', issue: 'nul_character' });
    expect(findUnstorableValue({ a: 1, 'b\u0000': { c: Infinity } })).toEqual({
      field: 'body',
      issue: 'nul_character',
    });
  });

  it(`allows exactly ${MAX_BODY_DEPTH} levels of nesting`, () => {
    expect(MAX_BODY_DEPTH).toBe(64);
    expect(findUnstorableValue(nestArrays(64, 'leaf'))).toBeNull();
    expect(findUnstorableValue(nestArrays(63, {}))).toBeNull();
    expect(findUnstorableValue(nestObjects(64, 1))).toBeNull();
    expect(findUnstorableValue(nestArrays(65, 'leaf'))).toEqual({
      field: Array(64).fill('0').join('.'),
      issue: 'too_deep',
    });
    expect(findUnstorableValue(nestArrays(64, {}))).toEqual({
      field: Array(64).fill('0').join('.'),
      issue: 'too_deep',
    });
    expect(findUnstorableValue(nestObjects(65, null))).toEqual({
      field: Array(64).fill('a').join('.'),
      issue: 'too_deep',
    });
    expect(findUnstorableValue({ ok: nestArrays(63, 1), deep: nestArrays(64, []) })).toEqual({
      field: `deep.${Array(63).fill('0').join('.')}`,
      issue: 'too_deep',
    });
  });

  it('checks depth before contents, and survives absurd nesting without recursion', () => {
    expect(findUnstorableValue(nestArrays(70, '\u0000'))).toMatchObject({ issue: 'too_deep' });
    expect(findUnstorableValue(nestArrays(200_000, 1))).toMatchObject({ issue: 'too_deep' });
  });
});

describe('installJsonParser', () => {
  it('replaces the JSON and text parsers with one string-based JSON parser', () => {
    const { app, removed, parsers } = recordingApp();
    installJsonParser(app);
    expect(removed).toEqual([['application/json', 'text/plain']]);
    expect(parsers).toHaveLength(1);
    expect(parsers[0]).toMatchObject({ type: 'application/json', options: { parseAs: 'string' } });
  });

  it('parses JSON text and buffers', () => {
    expect(parse('{"a":1,"b":["x",null]}')).toEqual({ err: null, value: { a: 1, b: ['x', null] }, args: 2 });
    expect(parse(Buffer.from('{"name":"Zoë"}', 'utf8'))).toEqual({ err: null, value: { name: 'Zoë' }, args: 2 });
    expect(parse(' [1,2] ')).toEqual({ err: null, value: [1, 2], args: 2 });
    expect(parse('"text"')).toEqual({ err: null, value: 'text', args: 2 });
    expect(parse('null')).toEqual({ err: null, value: null, args: 2 });
  });

  it.each(['', '   ', '\n\t ', Buffer.alloc(0), Buffer.from('  \r\n')])(
    'treats the empty body %j as no body',
    (body) => {
      expect(parse(body)).toEqual({ err: null, value: undefined, args: 2 });
    },
  );

  it.each(['{', '{"a":}', 'undefined', "{'a':1}", 'NaN', '1e'])('refuses %j as invalid JSON', (body) => {
    const { err, value, args } = parse(body);
    expect(appError(err)).toEqual({
      statusCode: 400,
      code: 'validation_error',
      message: 'request body is not valid JSON',
      details: [{ field: 'body', issue: 'invalid_json' }],
    });
    expect([value, args]).toEqual([undefined, 2]);
  });

  it.each(['{"__proto__":{"admin":true}}', '{"a":{"__proto__":{}}}', '{"constructor":{"prototype":{"admin":true}}}'])(
    'refuses prototype pollution in %s',
    (body) => {
      const { err, value } = parse(body);
      expect(appError(err)).toEqual({
        statusCode: 400,
        code: 'validation_error',
        message: 'request body must not contain "__proto__" or "constructor.prototype" keys',
        details: [{ field: 'body', issue: 'forbidden_key' }],
      });
      expect(value).toBeUndefined();
    },
  );

  it('accepts the word prototype where it is harmless', () => {
    expect(parse('{"prototype":1,"constructor":"x","text":"__proto__"}').value).toEqual({
      prototype: 1,
      constructor: 'x',
      text: '__proto__',
    });
  });

  it.each([
    ['{"subject":"a\\u0000b"}', 'subject must not contain NUL (\\u0000) characters', 'subject', 'nul_character'],
    ['{"a":{"b":"\\ud800"}}', 'a.b must be valid Unicode (no lone surrogates)', 'a.b', 'invalid_unicode'],
    ['{"n":1e400}', 'n is a number out of range', 'n', 'out_of_range'],
    ['-1e400', 'body is a number out of range', 'body', 'out_of_range'],
    [
      JSON.stringify(nestArrays(65, 1)),
      `${Array(64).fill('0').join('.')} nests deeper than 64 levels`,
      Array(64).fill('0').join('.'),
      'too_deep',
    ],
  ])('refuses the unstorable body %s', (body, message, field, issue) => {
    const { err, value } = parse(body);
    expect(appError(err)).toEqual({ statusCode: 400, code: 'validation_error', message, details: [{ field, issue }] });
    expect(value).toBeUndefined();
  });

  it('works inside Fastify: JSON only, empty body allowed', async () => {
    // Imported here so that the other tests (and Stryker's runs of them) do not load Fastify.
    const { default: Fastify } = await import('fastify');
    const app = Fastify();
    installJsonParser(app);
    app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) =>
      reply.code(err.statusCode ?? 500).send({ message: err.message, details: (err as AppError).details }),
    );
    app.post('/echo', async (req) => ({ hasBody: req.body !== undefined, body: req.body ?? null }));
    try {
      const post = (payload: string, type: string) =>
        app.inject({ method: 'POST', url: '/echo', payload, headers: { 'content-type': type } });
      const ok = await post('{"a":1}', 'application/json; charset=utf-8');
      expect([ok.statusCode, ok.json()]).toEqual([200, { hasBody: true, body: { a: 1 } }]);
      const empty = await post('', 'application/json');
      expect([empty.statusCode, empty.json()]).toEqual([200, { hasBody: false, body: null }]);
      const bad = await post('{"a":', 'application/json');
      expect([bad.statusCode, bad.json().details]).toEqual([400, [{ field: 'body', issue: 'invalid_json' }]]);
      expect((await post('{"a":1}', 'text/plain')).statusCode).toBe(415);
    } finally {
      await app.close();
    }
  });
});

describe('installQueryGuards', () => {
  function guards() {
    const { app, hooks } = recordingApp();
    installQueryGuards(app);
    return hooks;
  }
  const onRequest = (url: string) =>
    guards()
      .find((h) => h.name === 'onRequest')!
      .hook({ url });
  const preValidation = (query: unknown) =>
    guards()
      .find((h) => h.name === 'preValidation')!
      .hook({ query });
  const rejection = async (promise: Promise<void>) => {
    const err = await promise.then(
      () => null,
      (e: Error) => e,
    );
    return appError(err);
  };

  it('registers one onRequest and one preValidation hook', () => {
    expect(guards().map((h) => h.name)).toEqual(['onRequest', 'preValidation']);
  });

  it.each(['/tickets?search=a%00b', '/tickets/%00', '/x?%00=1'])('refuses the URL %s', async (url) => {
    expect(await rejection(onRequest(url))).toEqual({
      statusCode: 400,
      code: 'validation_error',
      message: 'the URL must not contain NUL (%00) characters',
      details: [{ field: 'url', issue: 'nul_character' }],
    });
  });

  it.each(['/tickets', '/tickets?search=100%25', '/tickets?q=%2500', '/x?a=%0A'])('lets %s through', async (url) => {
    await expect(onRequest(url)).resolves.toBeUndefined();
  });

  it.each([
    undefined,
    {},
    { page: '1' },
    { limit: '100' },
    { page: '0' },
    { page: '2', limit: '20', search: '0x10' },
    { page: '123456789012345' },
    { limit: '007' },
  ])('accepts the query %j', async (query) => {
    await expect(preValidation(query)).resolves.toBeUndefined();
  });

  it.each([
    [{ page: '0x10' }, 'page'],
    [{ page: '1e1' }, 'page'],
    [{ page: '1e400' }, 'page'],
    [{ page: '-1' }, 'page'],
    [{ page: '+1' }, 'page'],
    [{ page: '1.5' }, 'page'],
    [{ page: ' 1' }, 'page'],
    [{ page: '1 ' }, 'page'],
    [{ page: 'x1' }, 'page'],
    [{ page: '' }, 'page'],
    [{ page: '1234567890123456' }, 'page'],
    [{ page: ['12'] }, 'page'],
    [{ page: 5 }, 'page'],
    [{ page: null }, 'page'],
    [{ limit: 'ten' }, 'limit'],
    [{ page: '2', limit: '1e2' }, 'limit'],
    [{ page: undefined, limit: 'x' }, 'limit'],
    [{ page: 'x', limit: 'y' }, 'page'],
  ])('refuses the query %j', async (query, field) => {
    expect(await rejection(preValidation(query))).toEqual({
      statusCode: 400,
      code: 'validation_error',
      message: `${field} must be a positive integer`,
      details: [{ field, issue: 'invalid_type' }],
    });
  });
});

describe('validationFailure', () => {
  const error = (keyword: string, params: Record<string, unknown> = {}, instancePath = ''): ErrorObject =>
    ({ keyword, params, instancePath, schemaPath: `#/${keyword}` }) as ErrorObject;
  const first = (e: ErrorObject, context?: string) => {
    const failure = validationFailure([e], context);
    return { message: failure.message, ...failure.details[0] };
  };

  it('is a 400 validation_error with one detail per error and the first message', () => {
    const failure = validationFailure(
      [error('required', { missingProperty: 'subject' }), error('maxLength', { limit: 5 }, '/name')],
      'body',
    );
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ statusCode: 400, code: 'validation_error', message: 'subject is required' });
    expect(failure.details).toEqual([
      { field: 'subject', issue: 'required' },
      { field: 'name', issue: 'too_long' },
    ]);
    expect(validationFailure([], 'body')).toMatchObject({
      statusCode: 400,
      code: 'validation_error',
      message: 'request is invalid',
      details: [],
    });
  });

  it('names the field from the instance path (JSON-pointer escapes decoded) or the request part', () => {
    expect(first(error('type', { type: 'string' }, '/customer/name'))).toMatchObject({ field: 'customer.name' });
    expect(first(error('type', { type: 'string' }, '/tags/0'))).toMatchObject({ field: 'tags.0' });
    expect(first(error('type', { type: 'string' }, '/a~1b~1c/d~0e~0f'))).toMatchObject({ field: 'a/b/c.d~e~f' });
    expect(first(error('type', { type: 'string' }, '/x~01'))).toMatchObject({ field: 'x~1' });
    expect(first(error('required', { missingProperty: 'email' }, '/customer'))).toMatchObject({
      field: 'customer.email',
      message: 'customer.email is required',
    });
    expect(first(error('required', { missingProperty: 'email' }), 'body')).toMatchObject({ field: 'email' });
    expect(first(error('type', { type: 'object' }), 'querystring')).toMatchObject({
      field: 'query',
      message: 'query must be an object',
    });
    expect(first(error('type', { type: 'object' }), 'params')).toMatchObject({ field: 'params' });
    expect(first(error('type', { type: 'object' }), 'body')).toMatchObject({ field: 'body' });
    expect(first(error('type', { type: 'object' }))).toMatchObject({ field: 'body' });
    expect(first(error('type', { type: 'integer' }, '/limit'), 'querystring')).toMatchObject({ field: 'limit' });
  });

  it.each([
    [error('required', { missingProperty: 'subject' }), 'required', 'subject is required'],
    [error('maxLength', { limit: 200 }, '/f'), 'too_long', 'f must be at most 200 characters'],
    [error('minLength', { limit: 1 }, '/f'), 'too_short', 'f must not be empty'],
    [error('minLength', { limit: 8 }, '/f'), 'too_short', 'f must be at least 8 characters'],
    [error('type', { type: 'string' }, '/f'), 'invalid_type', 'f must be a string'],
    [error('type', { type: 'number' }, '/f'), 'invalid_type', 'f must be a number'],
    [error('type', { type: 'boolean' }, '/f'), 'invalid_type', 'f must be a boolean'],
    [error('type', { type: 'integer' }, '/f'), 'invalid_type', 'f must be an integer'],
    [error('type', { type: 'object' }, '/f'), 'invalid_type', 'f must be an object'],
    [error('type', { type: 'array' }, '/f'), 'invalid_type', 'f must be an array'],
    [error('type', { type: ['string', 'null'] }, '/f'), 'invalid_type', 'f must be a string or null'],
    [error('type', { type: ['integer', 'string'] }, '/f'), 'invalid_type', 'f must be an integer or string'],
    [error('enum', { allowedValues: ['LOW', 'HIGH'] }, '/f'), 'invalid_value', 'f must be one of LOW, HIGH'],
    [error('const', { allowedValue: 'x' }, '/f'), 'invalid_value', 'f must be "x"'],
    [error('const', { allowedValue: 3 }, '/f'), 'invalid_value', 'f must be 3'],
    [error('format', { format: 'email' }, '/f'), 'invalid_format', 'f must be a valid email'],
    [error('pattern', { pattern: '^#[0-9a-f]{6}$' }, '/f'), 'invalid_format', 'f has an invalid format'],
    [error('maximum', { limit: 100, comparison: '<=' }, '/f'), 'out_of_range', 'f must be at most 100'],
    [error('minimum', { limit: 1, comparison: '>=' }, '/f'), 'out_of_range', 'f must be at least 1'],
    [error('minItems', { limit: 1 }, '/f'), 'too_few_items', 'f must have at least 1 item'],
    [error('minItems', { limit: 2 }, '/f'), 'too_few_items', 'f must have at least 2 items'],
    [error('maxItems', { limit: 1 }, '/f'), 'too_many_items', 'f must have at most 1 items'],
    [error('maxItems', { limit: 10 }, '/f'), 'too_many_items', 'f must have at most 10 items'],
    [error('minProperties', { limit: 1 }, '/f'), 'required', 'f must not be empty'],
    [error('additionalProperties', { additionalProperty: 'x' }, '/f'), 'invalid', 'f is invalid'],
    [error('multipleOf', { multipleOf: 2 }, '/f'), 'invalid', 'f is invalid'],
  ])('describes %j', (e, issue, message) => {
    expect(first(e, 'body')).toEqual({ field: e.keyword === 'required' ? 'subject' : 'f', issue, message });
  });

  it('describes real Ajv errors', () => {
    const validate = compile(
      {
        type: 'object',
        required: ['subject'],
        properties: { subject: { type: 'string', minLength: 1 }, priority: { enum: ['LOW', 'HIGH'] } },
      },
      'body',
    );
    validate({ subject: '', priority: 'LOW' });
    expect(validationFailure(validate.errors!, 'body')).toMatchObject({
      message: 'subject must not be empty',
      details: [{ field: 'subject', issue: 'too_short' }],
    });
    validate({ priority: 'LOW' });
    expect(validationFailure(validate.errors!, 'body')).toMatchObject({
      message: 'subject is required',
      details: [{ field: 'subject', issue: 'required' }],
    });
  });
});
