import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createContainer } from '../container.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { systemClock } from '../shared/clock.js';
import {
  eagerSerializerBuilder,
  lazySerializerBuilder,
  type RouteSerializerInput,
  type SerializerBuilder,
} from './serializer-compiler.js';

const Shared = { $id: 'Shared', type: 'object', properties: { code: { type: 'string' }, n: { type: 'integer' } } };
const item = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    at: { type: 'string', format: 'date-time' },
    count: { type: 'integer' },
    tags: { type: 'array', items: { type: 'string' } },
    note: { type: ['string', 'null'] },
    kind: { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'integer' }] },
    shared: { $ref: 'Shared#' },
  },
};
// What the routes return: a date, extra properties the schema drops, numbers to coerce, a nested ref.
const payload = {
  data: [
    {
      id: 'x',
      at: new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6)),
      count: '7',
      tags: ['é', '"q"'],
      note: null,
      kind: 3,
      secret: 's',
      shared: { code: 'c', n: 1.9 },
    },
    {
      id: 'y',
      at: '2024-01-01T00:00:00.000Z',
      count: 2,
      tags: [],
      kind: 'a',
      shared: { code: 'd', n: 2, extra: true },
    },
  ],
};

/** A small app with a shared schema, two routes sharing one response schema object, and an error route. */
async function smallApp(buildSerializer?: SerializerBuilder) {
  const app = Fastify(buildSerializer ? { schemaController: { compilersFactory: { buildSerializer } } } : {});
  app.addSchema(Shared);
  const list = { type: 'object', properties: { data: { type: 'array', items: item } } };
  app.get('/a', { schema: { response: { 200: list } } }, async () => payload);
  app.get('/b', { schema: { response: { 200: list } } }, async () => payload);
  app.get('/c', { schema: { response: { 200: { ...list }, 400: { $ref: 'Shared#' } } } }, async (_req, reply) =>
    reply.code(400).send({ code: 'bad', n: 4, hidden: 1 }),
  );
  await app.ready();
  return app;
}

describe('lazy response serializers', () => {
  it("answer byte for byte what Fastify's default serializers answer", async () => {
    const eager = await smallApp();
    const counter = { compiled: 0 };
    const lazy = await smallApp(lazySerializerBuilder(counter));
    for (const url of ['/a', '/b', '/c']) {
      const [e, l] = await Promise.all([eager.inject(url), lazy.inject(url)]);
      expect(l.statusCode).toBe(e.statusCode);
      expect(l.body).toBe(e.body);
    }
    await Promise.all([eager.close(), lazy.close()]);
  });

  it('compile nothing at start, then each distinct schema once, however many first requests arrive together', async () => {
    const counter = { compiled: 0 };
    const app = await smallApp(lazySerializerBuilder(counter));
    expect(counter.compiled).toBe(0);
    const bodies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => app.inject(['/a', '/b'][i % 2]).then((r) => r.body)),
    );
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]).data[0]).toEqual({
      id: 'x',
      at: '2024-01-02T03:04:05.006Z',
      count: 7,
      tags: ['é', '"q"'],
      note: null,
      kind: 3,
      shared: { code: 'c', n: 1 },
    });
    // /a and /b share one schema object; /c's is an equal copy: one compile for the three of them.
    await app.inject('/c');
    expect(counter.compiled).toBe(2);
    await app.close();
  });
});

describe("the API's response schemas", () => {
  const inputs: { external: unknown; options: object | undefined; input: RouteSerializerInput }[] = [];
  const database = openDatabase({ dialect: 'sqlite', path: ':memory:', url: 'sqlite::memory:' });
  beforeAll(async () => {
    await migrateToLatest(database);
    const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent' });
    const recording: SerializerBuilder = (external, options) => {
      const compile = lazySerializerBuilder()(external, options);
      return (input) => (inputs.push({ external, options, input }), compile(input));
    };
    const app = await buildApp(createContainer({ config, database, clock: systemClock }), {
      buildSerializer: recording,
    });
    await app.ready();
    await app.close();
  });
  afterAll(() => database.close());

  it('all compile, to the code Fastify compiles for them at start', () => {
    expect(inputs.length).toBeGreaterThan(300);
    expect(inputs.some(({ external }) => (external as Record<string, unknown>)['ErrorResponse'] !== undefined)).toBe(
      true,
    );
    // Fastify's default compiler, used as Fastify uses it: one per call of the builder (a route), every
    // schema of the route in order (it may change its options as it goes); against a fresh one per schema.
    const eagerBySet = new Map<unknown, ReturnType<SerializerBuilder>>();
    for (const { external, options, input } of inputs) {
      if (!eagerBySet.has(external))
        eagerBySet.set(external, eagerSerializerBuilder()(external, { ...options, mode: 'debug' }));
      const eager = eagerBySet.get(external)!(input) as unknown as { code: string };
      const fresh = eagerSerializerBuilder()(external, { ...options, mode: 'debug' })(input) as unknown as {
        code: string;
      };
      // fast-json-stringify numbers merged schemas from a counter of its own, in comments and messages.
      const code = (c: string) => c.replace(/__fjs_merged_\d+/g, '__fjs_merged');
      expect(code(fresh.code), `${input.method} ${input.url} ${input.httpStatus}`).toBe(code(eager.code));
    }
  });
});
