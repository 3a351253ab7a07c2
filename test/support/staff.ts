import type { ApiResponse, Method } from './api.js';
import { call } from './api.js';
import type { TestContext, TestOrg } from './harness.js';

// Staff users with passwords and their sessions, for the sign-in tests.

export const PASSWORD = 'correct horse battery staple';

export interface StaffSession {
  userId: string;
  email: string;
  cookie: string;
  csrf: string;
  /** A request with this session's cookie (and X-CSRF-Token unless csrf: false). */
  request<T = any>(
    method: Method,
    url: string,
    body?: unknown,
    options?: { csrf?: boolean | string; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
}

/** The cookie pair ("name=value") a response sets, if any. */
export function sessionCookieOf(res: ApiResponse): string | null {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const found = list.find((c) => /^(__Host-)?helpdesk_session=/.test(c));
  return found ? found.split(';')[0] : null;
}

export function sessionFrom(ctx: TestContext, res: ApiResponse, userId: string, email: string): StaffSession {
  const cookie = sessionCookieOf(res);
  if (!cookie || !res.body?.data?.csrf_token)
    throw new Error(`not signed in: ${res.status} ${JSON.stringify(res.body)}`);
  const csrf = res.body.data.csrf_token as string;
  return {
    userId,
    email,
    cookie,
    csrf,
    request: (method, url, body, options = {}) => {
      const headers: Record<string, string> = { cookie, ...options.headers };
      if (options.csrf !== false) headers['x-csrf-token'] = typeof options.csrf === 'string' ? options.csrf : csrf;
      return call(ctx.app, method, url, { body, headers });
    },
  };
}

export const login = (ctx: TestContext, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(ctx.app, 'POST', '/api/v1/auth/login', { body, headers });

/** A staff user of the organization whose password is set through a reset link (CLI-equivalent). */
export async function createStaff(
  ctx: TestContext,
  org: TestOrg,
  options: { role?: 'admin' | 'agent'; email?: string; password?: string } = {},
): Promise<{ userId: string; email: string; password: string }> {
  const email = options.email ?? `staff-${Math.random().toString(36).slice(2)}@example.com`;
  const created = await org.api.post('/api/v1/users', { name: 'Staff Member', email, role: options.role ?? 'agent' });
  if (created.status !== 201) throw new Error(`user not created: ${JSON.stringify(created.body)}`);
  const link = await ctx.container.staffAuth.resetLink(org.id, email);
  const token = new URL(link!).searchParams.get('token')!;
  const password = options.password ?? PASSWORD;
  const res = await call(ctx.app, 'POST', '/api/v1/auth/reset-password', { body: { token, password } });
  if (res.status !== 200) throw new Error(`password not set: ${JSON.stringify(res.body)}`);
  return { userId: created.body.data.id, email, password };
}

/** A staff user signed in by the login route. */
export async function signIn(
  ctx: TestContext,
  org: TestOrg,
  options: { role?: 'admin' | 'agent'; email?: string } = {},
): Promise<StaffSession> {
  const staff = await createStaff(ctx, org, options);
  const res = await login(ctx, { email: staff.email, password: staff.password });
  return sessionFrom(ctx, res, staff.userId, staff.email);
}
