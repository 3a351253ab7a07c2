import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Precondition } from './precondition.js';
import type { Scope } from './scopes.js';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';

/** The Fastify instance type every route module receives: TypeBox schemas give typed requests. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** Who is calling: set by the auth plugin on every route that declares scopes. */
export interface AuthContext {
  organizationId: string;
  keyId: string;
  scopes: Scope[];
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
    /** The If-Match check of a PATCH or DELETE of a single resource (null without If-Match). */
    precondition: Precondition | null;
  }
  interface FastifyContextConfig {
    /** The caller needs any one of these scopes; routes without it are public. */
    scopes?: Scope[];
  }
}
