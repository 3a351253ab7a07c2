import { randomUUID } from 'node:crypto';
import { notFound } from './errors.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const newId = (): string => randomUUID();

export const isUuid = (value: string): boolean => UUID_RE.test(value);

/** The canonical (lower-case) form of a UUID, or null when raw is not one. */
export const normalizeUuid = (raw: string): string | null => (UUID_RE.test(raw) ? raw.toLowerCase() : null);

/**
 * A path id that must be a UUID: its canonical form, or a 404 naming `what`. Anything that is not a
 * UUID cannot name such a resource, so it is "not found" rather than a validation error.
 */
export function pathUuid(raw: string, what: string): string {
  const id = normalizeUuid(raw);
  if (!id) throw notFound(what);
  return id;
}

/** How emails are compared (unique per organization regardless of case): trimmed, lower-cased. */
export const emailKey = (email: string): string => email.trim().toLowerCase();
