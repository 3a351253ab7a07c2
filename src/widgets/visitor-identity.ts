import { errors, jwtVerify } from 'jose';
import { AppError } from '../shared/errors.js';

// Identity tokens: a JWT the site's backend signs with the widget's identity secret (HS256 only: a
// token naming any other algorithm, "none" included, is refused before its signature is looked at),
// which vouches for the visitor: `sub` is the site's user id (the customer's external_user_id),
// `email` and an optional `name`. It must expire (`exp`), and no later than a day ahead: a leaked
// token is not good for long, and a site cannot hand out tokens that never end.

export const MAX_IDENTITY_LIFETIME_S = 24 * 60 * 60;
/** Clock difference tolerated between the site's backend and this service. */
const CLOCK_TOLERANCE_S = 30;

export interface VerifiedIdentity {
  externalUserId: string;
  email: string;
  name: string | null;
  /** When the token expires (ms): the visitor session it opens ends then too. */
  expiresAt: number;
}

export const invalidIdentity = (reason: string) =>
  new AppError(401, 'invalid_identity', `the identity token is not valid: ${reason}`, [
    { field: 'identity_token', issue: 'invalid' },
  ]);

export const identityRequired = () =>
  new AppError(401, 'identity_required', 'this widget only serves identified visitors: send identity_token', [
    { field: 'identity_token', issue: 'required' },
  ]);

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' && value.length <= max ? value.trim() : null;

export async function verifyIdentityToken(token: string, secret: string, now: number): Promise<VerifiedIdentity> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
      currentDate: new Date(now),
      clockTolerance: CLOCK_TOLERANCE_S,
    }));
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw invalidIdentity('it has expired');
    if (err instanceof errors.JOSEAlgNotAllowed) throw invalidIdentity('only HS256 is accepted');
    if (err instanceof errors.JWSSignatureVerificationFailed) throw invalidIdentity('the signature does not match');
    if (err instanceof errors.JWTClaimValidationFailed) throw invalidIdentity(`claim ${err.claim}: ${err.reason}`);
    throw invalidIdentity('it is not a signed JWT');
  }
  const exp = payload.exp as number;
  if (exp * 1000 > now + (MAX_IDENTITY_LIFETIME_S + CLOCK_TOLERANCE_S) * 1000) {
    throw invalidIdentity('exp is more than 24 hours ahead');
  }
  const externalUserId = text(payload.sub, 1000);
  if (!externalUserId) throw invalidIdentity('sub must be the user id');
  const email = text(payload.email, 320);
  if (!email || !EMAIL.test(email)) throw invalidIdentity('email must be an email address');
  const name = payload.name === undefined || payload.name === null ? null : text(payload.name, 200);
  if (payload.name !== undefined && payload.name !== null && name === null) throw invalidIdentity('name must be text');
  return { externalUserId, email, name, expiresAt: exp * 1000 };
}
