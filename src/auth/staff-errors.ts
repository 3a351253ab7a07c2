import { AppError } from '../shared/errors.js';

// The errors of staff sign-in. Wrong password and unknown email are one answer, so it does not tell
// which emails have accounts.

export const invalidCredentials = () =>
  new AppError(401, 'invalid_credentials', 'the email, password or code is wrong');

export const totpRequired = () =>
  new AppError(401, 'totp_required', 'this account has two-factor authentication: send totp_code', [
    { field: 'totp_code', issue: 'required' },
  ]);

export const invalidToken = () =>
  new AppError(400, 'invalid_token', 'the link is invalid, expired or already used', [
    { field: 'token', issue: 'invalid' },
  ]);

export const organizationRequired = (organizations: { id: string; name: string }[]) =>
  new AppError(
    409,
    'organization_required',
    'this email has accounts in several organizations: send organization_id',
    organizations.map((o) => ({ field: 'organization_id', issue: 'choose_one', id: o.id, name: o.name })),
  );

export const notSignedIn = () => new AppError(401, 'unauthorized', 'not signed in (no valid session cookie)');

export const csrfFailed = () =>
  new AppError(403, 'csrf_failed', 'missing or wrong X-CSRF-Token header (the csrf_token of the sign-in answer)');

export const enrolmentRequired = () =>
  new AppError(
    403,
    'two_factor_enrolment_required',
    'the organization requires two-factor authentication: enrol first (POST /api/v1/auth/totp)',
  );

export const wrongCode = () =>
  new AppError(400, 'validation_error', 'the code is wrong or already used', [{ field: 'code', issue: 'invalid' }]);
