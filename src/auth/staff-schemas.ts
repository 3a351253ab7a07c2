import { Type } from 'typebox';
import { Email, Name } from '../admin/admin-schemas.js';
import { User } from '../admin/user-schemas.js';
import { Nullable, Timestamp } from '../shared/schemas.js';
import { PASSWORD_MAX, PASSWORD_MIN } from './staff-password.js';

// Request and answer shapes of the staff sign-in routes (/api/v1/auth/...).

export const Password = Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX });
/** A password being checked (not set): any length up to the bound, so a wrong length is a wrong password. */
const GivenPassword = Type.String({ minLength: 1, maxLength: PASSWORD_MAX });
const Token = Type.String({ minLength: 1, maxLength: 200 });
const Code = Type.String({ minLength: 1, maxLength: 32, description: 'a 6-digit TOTP code, or a recovery code' });

export const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 320 }),
  password: GivenPassword,
  organization_id: Type.Optional(Type.String({ maxLength: 100 })),
  totp_code: Type.Optional(Code),
});

export const SignedInData = Type.Object({
  user: User,
  organization: Type.Object({ id: Type.String(), name: Type.String() }),
  csrf_token: Type.String({ description: 'send it as X-CSRF-Token on every POST, PUT, PATCH and DELETE' }),
  expires_at: Timestamp,
});

export const SetupBody = Type.Object({ token: Token, email: Email, name: Name(200), password: Password });
export const AcceptInvitationBody = Type.Object({ token: Token, name: Name(200), password: Password });
export const ResetPasswordBody = Type.Object({ token: Token, password: Password });
export const ChangePasswordBody = Type.Object({ current_password: GivenPassword, new_password: Password });

export const SessionSchema = Type.Object({
  id: Type.String(),
  created_at: Timestamp,
  last_seen_at: Timestamp,
  ip: Nullable(Type.String()),
  user_agent: Nullable(Type.String()),
  current: Type.Boolean(),
});

export const SessionParams = Type.Object({ id: Type.String() });
export const CodeBody = Type.Object({ code: Code });
export const TotpStarted = Type.Object({ secret: Type.String(), otpauth_url: Type.String() });
export const TotpConfirmed = Type.Object({ recovery_codes: Type.Array(Type.String()) });
export const OrganizationSecurity = Type.Object({ require_two_factor: Type.Boolean() });
export const Success = Type.Object({ data: Type.Object({ success: Type.Boolean() }) });
