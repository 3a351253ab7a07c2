import type { DatabaseHandle, TenantDb } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { AppError } from '../shared/errors.js';
import { wrongCode } from './staff-errors.js';
import type { SecretBox } from './staff-secret-box.js';
import type { AuthenticatedSession } from './staff-session-service.js';
import * as store from './staff-store.js';
import {
  hashRecoveryCode,
  isRecoveryCode,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
} from './staff-totp.js';

// Two-factor authentication of staff users: enrolment (a pending secret, confirmed by a first code,
// which answers the recovery codes once), sign-in checks and disabling. Secrets are encrypted at rest
// (staff-secret-box.ts). A TOTP code is accepted once (the step it matched is remembered); a
// recovery code once (its hash is removed).

const ISSUER = 'Helpdesk';

export function createTwoFactor({
  database,
  clock,
  secrets,
}: {
  database: DatabaseHandle;
  clock: Clock;
  secrets: SecretBox;
}) {
  /**
   * Accepts a TOTP code of the enabled secret or an unused recovery code, and consumes it; false when
   * neither. The consuming update is conditional, so two requests with one code cannot both pass.
   */
  async function consumeCode(t: TenantDb, userId: string, code: string): Promise<boolean> {
    const row = await store.findCredentials(t, userId);
    if (!row?.totp_secret || row.totp_enabled !== 1) return false;
    if (isRecoveryCode(code)) {
      const hashes: string[] = JSON.parse(row.recovery_codes ?? '[]');
      const hash = hashRecoveryCode(code);
      if (!hashes.includes(hash)) return false;
      const res = await t
        .updateTable('staff_credentials')
        .set({ recovery_codes: JSON.stringify(hashes.filter((h) => h !== hash)), updated_at: clock() })
        .where('user_id', '=', userId)
        .where('recovery_codes', '=', row.recovery_codes)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    }
    const step = matchingStep(await secrets.open(row.totp_secret), code.trim(), clock());
    if (step === null || (row.totp_last_step !== null && step <= row.totp_last_step)) return false;
    const res = await t
      .updateTable('staff_credentials')
      .set({ totp_last_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  return {
    verifyForLogin: (t: TenantDb, userId: string, code: string) => consumeCode(t, userId, code),

    /** Starts (or restarts) enrolment: a new secret, kept pending until a code confirms it. */
    async start(session: AuthenticatedSession): Promise<{ secret: string; otpauth_url: string }> {
      const t = database.forOrganization(session.organizationId);
      const current = await store.findCredentials(t, session.userId);
      if (current?.totp_enabled === 1) {
        throw new AppError(409, 'conflict', 'two-factor authentication is already enabled: disable it first', [
          { field: 'totp', issue: 'already_enabled' },
        ]);
      }
      const user = await store.findUser(t, session.userId);
      const secret = newTotpSecret();
      await store.saveCredentials(t, session.userId, {
        totp_pending_secret: await secrets.seal(secret),
        updated_at: clock(),
      });
      return { secret, otpauth_url: otpauthUrl(secret, user?.email ?? session.userId, ISSUER) };
    },

    /** Enables the pending secret when the code matches it; answers the recovery codes, shown only now. */
    async confirm(session: AuthenticatedSession, code: string): Promise<{ recovery_codes: string[] }> {
      const t = database.forOrganization(session.organizationId);
      const row = await store.findCredentials(t, session.userId);
      if (!row?.totp_pending_secret) {
        throw new AppError(409, 'conflict', 'no two-factor enrolment is pending: start one first', [
          { field: 'totp', issue: 'not_started' },
        ]);
      }
      const now = clock();
      const step = matchingStep(await secrets.open(row.totp_pending_secret), code.trim(), now);
      if (step === null) throw wrongCode();
      const { codes, hashes } = newRecoveryCodes();
      await store.saveCredentials(t, session.userId, {
        totp_secret: row.totp_pending_secret,
        totp_pending_secret: null,
        totp_enabled: 1,
        totp_last_step: step,
        recovery_codes: JSON.stringify(hashes),
        updated_at: now,
      });
      return { recovery_codes: codes };
    },

    /** Disables two-factor; needs a valid code (TOTP or recovery). */
    async disable(session: AuthenticatedSession, code: string): Promise<void> {
      const t = database.forOrganization(session.organizationId);
      if (!(await consumeCode(t, session.userId, code))) throw wrongCode();
      await store.saveCredentials(t, session.userId, {
        totp_secret: null,
        totp_pending_secret: null,
        totp_enabled: 0,
        recovery_codes: null,
        updated_at: clock(),
      });
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
