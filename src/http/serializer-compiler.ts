import { createRequire } from 'node:module';

// Fastify compiles a fast-json-stringify serializer for every response schema of every route when the
// route is added: about 800 of them for our API (every route lists its error answers too), whose
// generated code and closures were most of the heap of a fresh server, while a running server answers
// with a few dozen of them. This builder hands Fastify a serializer per schema that compiles on its
// first call instead, and compiles each distinct schema object once (TypeBox schemas such as the error
// answer are shared by many routes). Compiling is synchronous, so concurrent first requests of a route
// cannot race: the first one compiles, the others find the result.
//
// The compiling itself is Fastify's own default (@fastify/fast-json-stringify-compiler, resolved
// through fastify so it is the very version Fastify would use), with the same options: the bytes of
// every answer are the same as without this builder.

export type Serialize = (data: unknown) => string;

/** What Fastify passes a serializer compiler for one response schema of one route. */
export interface RouteSerializerInput {
  schema?: unknown;
  method: string;
  url: string;
  httpStatus: string;
  contentType?: string;
}

export type SerializerCompiler = (input: RouteSerializerInput) => Serialize;
export type SerializerBuilder = (externalSchemas?: unknown, serializerOpts?: object) => SerializerCompiler;

const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));
const { SerializerSelector } = fastifyRequire('@fastify/fast-json-stringify-compiler') as {
  SerializerSelector: () => SerializerBuilder;
};

/** Fastify's default serializer builder: compiles every schema at once (the reference for tests). */
export const eagerSerializerBuilder: () => SerializerBuilder = SerializerSelector;

/**
 * A serializer builder for Fastify's `schemaController.compilersFactory.buildSerializer` that compiles
 * each response schema on first use, once per distinct schema (by its JSON text and the shared schemas').
 */
export function lazySerializerBuilder(compileCounter?: { compiled: number }): SerializerBuilder {
  // Fastify calls the builder anew for every route once shared schemas exist (app.addSchema), each time
  // with a fresh copy of them, so the cache is the builder's, not the call's. Keyed by JSON text: routes
  // carry their own copies of the same error answer (with the route's description and headers), which
  // compile to the same code.
  const byOptions = new Map<object | undefined, Map<string, Serialize>>();
  return (externalSchemas, serializerOpts) => {
    let compiled = byOptions.get(serializerOpts);
    if (!compiled) byOptions.set(serializerOpts, (compiled = new Map()));
    const cache = compiled;
    const shared = JSON.stringify(externalSchemas ?? null);
    const compileShared = (input: RouteSerializerInput): Serialize => {
      const key = `${shared}\n${JSON.stringify(input.schema)}`;
      let serialize = cache.get(key);
      if (serialize === undefined) {
        // A fresh default compiler per schema: the default one drops a root schema's own $id from the
        // shared schemas on a copy it then keeps for the route's later schemas, which would make the
        // result depend on the order in which the schemas are first used.
        serialize = SerializerSelector()(externalSchemas, serializerOpts)(input);
        if (compileCounter) compileCounter.compiled++;
        cache.set(key, serialize);
      }
      return serialize;
    };
    return (input) => {
      let serialize: Serialize | undefined;
      return (data) => (serialize ??= compileShared(input))(data);
    };
  };
}
