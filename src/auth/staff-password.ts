import { Algorithm, hash, verify } from '@node-rs/argon2';

// Passwords are stored only as Argon2id hashes (OWASP's minimum: 19 MiB, 2 passes, 1 lane). Hashing
// runs on libuv's thread pool, so callers throttle sign-in attempts before calling verify.

const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 256;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** True when the password matches; a null hash (unknown user, no password) is checked against a dummy. */
  verify(passwordHash: string | null, password: string): Promise<boolean>;
}

export function createPasswordHasher(): PasswordHasher {
  // An unknown email or a user without a password costs one verification too, so the answer's timing
  // does not tell which emails have accounts.
  let dummy: Promise<string> | null = null;
  const hasher: PasswordHasher = {
    hash: (password) => hash(password, OPTIONS),
    async verify(passwordHash, password) {
      if (passwordHash === null) {
        dummy ??= hash('not the password of anyone', OPTIONS);
        await verify(await dummy, password).catch(() => false);
        return false;
      }
      return verify(passwordHash, password).catch(() => false);
    },
  };
  return hasher;
}
