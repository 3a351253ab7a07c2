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

/** A signed-in staff session as the auth plugin found it (auth/staff-session-service.ts). */
export interface StaffSession {
  id: string;
  tokenHash: string;
  organizationId: string;
  userId: string;
  role: string;
  scopes: Scope[];
  csrfToken: string;
  expiresAt: number;
  enrolmentOnly: boolean;
}

/** Who is calling: set by the auth plugin on every route that declares scopes. */
export interface AuthContext {
  organizationId: string;
  /** The API key of a Bearer request; null for a session. */
  keyId: string | null;
  /** The signed-in staff user of a session; null for an API key. */
  userId: string | null;
  /** The staff session (its public id); null for an API key. */
  sessionId: string | null;
  scopes: Scope[];
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
    /** The If-Match check of a PATCH or DELETE of a single resource (null without If-Match). */
    precondition: Precondition | null;
    /** The staff session of a request authenticated by its cookie (null for API keys and public routes). */
    staffSession: StaffSession | null;
  }
  interface FastifyContextConfig {
    /** The caller needs any one of these scopes; routes without it are public. */
    scopes?: Scope[];
    /** A staff route that needs a signed-in session (and no scope). */
    staffSession?: boolean;
    /** Allowed to a user who must enrol in two-factor before anything else. */
    allowDuringEnrolment?: boolean;
  }
}
