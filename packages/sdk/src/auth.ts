import type { components } from './openapi.js';
import type { CallOptions, Requester } from './request.js';

// Staff sign-in and sessions (/api/v1/auth/...). Every call that signs in answers the same SignedIn data;
// its csrf_token is remembered by a session-mode client and sent as X-CSRF-Token on unsafe methods.

export type StaffUser = components['schemas']['User'];

export interface SignedIn {
  user: StaffUser;
  organization: { id: string; name: string };
  csrf_token: string;
  expires_at: string;
}

export interface StaffSession {
  id: string;
  created_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
}

export interface LoginInput {
  email: string;
  password: string;
  organization_id?: string;
  totp_code?: string;
}

export interface TotpEnrolment {
  secret: string;
  otpauth_url: string;
}

export function createAuth(request: Requester, remember: (signedIn: SignedIn | null) => void) {
  const signIn = async (path: string, body: unknown, o?: CallOptions): Promise<SignedIn> => {
    const { body: answer } = await request<{ data: SignedIn }>('POST', path, { ...o, body });
    remember(answer.data);
    return answer.data;
  };
  return {
    /** 401 `invalid_credentials` / `totp_required`, 409 `organization_required` (details: the organizations). */
    login: (input: LoginInput, o?: CallOptions) => signIn('/api/v1/auth/login', input, o),
    /** The cookie's session (401 without one); remembers its CSRF token. */
    session: async (o?: CallOptions): Promise<SignedIn> => {
      const { body } = await request<{ data: SignedIn }>('GET', '/api/v1/auth/session', o);
      remember(body.data);
      return body.data;
    },
    logout: async (o?: CallOptions): Promise<void> => {
      await request('POST', '/api/v1/auth/logout', o);
      remember(null);
    },
    setup: (input: { token: string; email: string; name: string; password: string }, o?: CallOptions) =>
      signIn('/api/v1/auth/setup', input, o),
    acceptInvitation: (input: { token: string; name: string; password: string }, o?: CallOptions) =>
      signIn('/api/v1/auth/accept-invitation', input, o),
    resetPassword: (input: { token: string; password: string }, o?: CallOptions) =>
      signIn('/api/v1/auth/reset-password', input, o),
    changePassword: async (input: { current_password: string; new_password: string }, o?: CallOptions) => {
      await request('PUT', '/api/v1/auth/password', { ...o, body: input });
    },
    sessions: async (o?: CallOptions): Promise<StaffSession[]> =>
      (await request<{ data: StaffSession[] }>('GET', '/api/v1/auth/sessions', o)).body.data,
    revokeSession: async (id: string, o?: CallOptions): Promise<void> => {
      await request('DELETE', `/api/v1/auth/sessions/${encodeURIComponent(id)}`, o);
    },
    totp: {
      start: async (o?: CallOptions): Promise<TotpEnrolment> =>
        (await request<{ data: TotpEnrolment }>('POST', '/api/v1/auth/totp', o)).body.data,
      confirm: async (code: string, o?: CallOptions): Promise<{ recovery_codes: string[] }> =>
        (
          await request<{ data: { recovery_codes: string[] } }>('POST', '/api/v1/auth/totp/confirm', {
            ...o,
            body: { code },
          })
        ).body.data,
      disable: async (code: string, o?: CallOptions): Promise<void> => {
        await request('DELETE', '/api/v1/auth/totp', { ...o, body: { code } });
      },
    },
  };
}
