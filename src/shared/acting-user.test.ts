import { describe, expect, it } from 'vitest';
import { actingUserId, sessionUserId } from './acting-user.js';
import { AppError } from './errors.js';
import type { AuthContext } from './http.js';

describe('acting user', () => {
  it('with an API key: the user the body names, or nobody', () => {
    expect(actingUserId(null, 'agent-1')).toBe('agent-1');
    expect(actingUserId(null, undefined)).toBeNull();
    expect(actingUserId(null, null)).toBeNull();
  });

  it('with a session: always the signed-in user; naming anyone else is 403 insufficient_scope', () => {
    expect(actingUserId('agent-1', undefined)).toBe('agent-1');
    expect(actingUserId('agent-1', null)).toBe('agent-1');
    expect(actingUserId('agent-1', 'agent-1')).toBe('agent-1');
    for (const other of ['agent-2', 'Agent-1', 'agent-1 ']) {
      let thrown: unknown;
      try {
        actingUserId('agent-1', other);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect(thrown).toMatchObject({ statusCode: 403, code: 'insufficient_scope' });
    }
  });

  it('reads the session user from the auth context, and none from an API key context', () => {
    const key: AuthContext = { organizationId: 'o', keyId: 'k', scopes: [], userId: null, sessionId: null };
    expect(sessionUserId(key)).toBeNull();
    expect(sessionUserId({ ...key, userId: null } as AuthContext)).toBeNull();
    expect(sessionUserId({ ...key, userId: 'agent-1' } as AuthContext)).toBe('agent-1');
  });
});
