import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, StaffSession } from '../shared/http.js';
import { Data, DataList, errorResponses } from '../shared/schemas.js';
import type { StaffAuthService, SignedIn } from './staff-auth-service.js';
import { clearSessionCookie, sessionToken, setSessionCookie } from './staff-cookie.js';
import { notSignedIn } from './staff-errors.js';
import {
  AcceptInvitationBody,
  ChangePasswordBody,
  CodeBody,
  LoginBody,
  OrganizationSecurity,
  ResetPasswordBody,
  SessionParams,
  SessionSchema,
  SetupBody,
  SignedInData,
  Success,
  TotpConfirmed,
  TotpStarted,
} from './staff-schemas.js';
import type { StaffSessionService } from './staff-session-service.js';
import type { TwoFactor } from './staff-two-factor.js';

// Staff sign-in and sessions (/api/v1/auth/...). The routes that sign in are public (they set the
// session cookie); the others need a session (config staffSession: the auth plugin reads the cookie
// and checks X-CSRF-Token on POST, PUT, PATCH and DELETE).

export interface StaffRouteDeps {
  staffAuth: StaffAuthService;
  staffSessions: StaffSessionService;
  twoFactor: TwoFactor;
}

const client = (request: FastifyRequest) => ({
  ip: request.ip ?? null,
  userAgent: (request.headers['user-agent'] as string | undefined) ?? null,
});

const session = (request: FastifyRequest): StaffSession => {
  if (!request.staffSession) throw notSignedIn();
  return request.staffSession;
};

function signIn(request: FastifyRequest, reply: FastifyReply, result: SignedIn, status: number) {
  setSessionCookie(request, reply, result.session.token, result.session.absoluteExpiresAt);
  return reply.code(status).send({ data: result.data });
}

export async function registerStaffRoutes(app: App, { staffAuth, staffSessions, twoFactor }: StaffRouteDeps) {
  const tags = ['auth'];
  const open = { tags, security: [] };
  const signedIn = { tags, security: [{ session: [] }] };
  const withSession = { staffSession: true };
  const enrolling = { staffSession: true, allowDuringEnrolment: true };

  app.post(
    '/auth/login',
    {
      schema: {
        ...open,
        summary: 'Sign in with email and password',
        body: LoginBody,
        response: { 200: Data(SignedInData), ...errorResponses },
      },
    },
    async (request, reply) => signIn(request, reply, await staffAuth.login(request.body, client(request)), 200),
  );

  app.get(
    '/auth/session',
    {
      config: enrolling,
      schema: { ...signedIn, summary: 'The current session', response: { 200: Data(SignedInData), ...errorResponses } },
    },
    async (request) => ({ data: await staffAuth.current(session(request)) }),
  );

  app.post(
    '/auth/logout',
    {
      config: enrolling,
      schema: {
        ...signedIn,
        summary: 'Sign out: the session ends and its cookie is cleared',
        response: { 200: Success, ...errorResponses },
      },
    },
    async (request, reply) => {
      const token = sessionToken(request);
      if (token) await staffSessions.revokeToken(token);
      clearSessionCookie(request, reply);
      return { data: { success: true } };
    },
  );

  app.post(
    '/auth/setup',
    {
      schema: {
        ...open,
        summary: 'Create the first administrator with the first-start setup link',
        body: SetupBody,
        response: { 201: Data(SignedInData), ...errorResponses },
      },
    },
    async (request, reply) => signIn(request, reply, await staffAuth.setup(request.body, client(request)), 201),
  );

  app.post(
    '/auth/accept-invitation',
    {
      schema: {
        ...open,
        summary: 'Accept an invitation: set name and password, and sign in',
        body: AcceptInvitationBody,
        response: { 201: Data(SignedInData), ...errorResponses },
      },
    },
    async (request, reply) =>
      signIn(request, reply, await staffAuth.acceptInvitation(request.body, client(request)), 201),
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        ...open,
        summary: 'Set a new password with a reset link; other sessions end',
        body: ResetPasswordBody,
        response: { 200: Data(SignedInData), ...errorResponses },
      },
    },
    async (request, reply) => signIn(request, reply, await staffAuth.resetPassword(request.body, client(request)), 200),
  );

  app.put(
    '/auth/password',
    {
      config: withSession,
      schema: {
        ...signedIn,
        summary: 'Change your password; your other sessions end',
        body: ChangePasswordBody,
        response: { 200: Success, ...errorResponses },
      },
    },
    async (request) => {
      await staffAuth.changePassword(session(request), request.body);
      return { data: { success: true } };
    },
  );

  app.get(
    '/auth/sessions',
    {
      config: withSession,
      schema: { ...signedIn, summary: 'Your sessions', response: { 200: DataList(SessionSchema), ...errorResponses } },
    },
    async (request) => ({ data: await staffSessions.list(session(request)) }),
  );

  app.delete(
    '/auth/sessions/:id',
    {
      config: withSession,
      schema: {
        ...signedIn,
        summary: 'End one of your sessions (at once, in every process)',
        params: SessionParams,
        response: { 200: Success, ...errorResponses },
      },
    },
    async (request) => {
      await staffSessions.revoke(session(request), request.params.id);
      return { data: { success: true } };
    },
  );

  app.post(
    '/auth/totp',
    {
      config: enrolling,
      schema: {
        ...signedIn,
        summary: 'Start two-factor enrolment (TOTP)',
        response: { 200: Data(TotpStarted), ...errorResponses },
      },
    },
    async (request) => ({ data: await twoFactor.start(session(request)) }),
  );

  app.post(
    '/auth/totp/confirm',
    {
      config: enrolling,
      schema: {
        ...signedIn,
        summary: 'Confirm enrolment with a code: answers the recovery codes, once',
        body: CodeBody,
        response: { 200: Data(TotpConfirmed), ...errorResponses },
      },
    },
    async (request) => ({ data: await twoFactor.confirm(session(request), request.body.code) }),
  );

  app.delete(
    '/auth/totp',
    {
      config: withSession,
      schema: {
        ...signedIn,
        summary: 'Disable two-factor (needs a code)',
        body: CodeBody,
        response: { 200: Success, ...errorResponses },
      },
    },
    async (request) => {
      await twoFactor.disable(session(request), request.body.code);
      return { data: { success: true } };
    },
  );

  const admin = { scopes: ['admin' as const] };
  app.get(
    '/auth/organization',
    {
      config: admin,
      schema: {
        tags,
        summary: "The organization's sign-in rules",
        response: { 200: Data(OrganizationSecurity), ...errorResponses },
      },
    },
    async (request) => ({
      data: { require_two_factor: await staffAuth.getRequireTwoFactor(request.auth.organizationId) },
    }),
  );

  app.patch(
    '/auth/organization',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Require two-factor for every staff user of the organization',
        body: OrganizationSecurity,
        response: { 200: Data(OrganizationSecurity), ...errorResponses },
      },
    },
    async (request) => ({
      data: {
        require_two_factor: await staffAuth.setRequireTwoFactor(
          request.auth.organizationId,
          request.body.require_two_factor,
        ),
      },
    }),
  );
}
