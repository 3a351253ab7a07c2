import { randomUUID } from 'node:crypto';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const newId = (): string => randomUUID();

export const isUuid = (value: string): boolean => UUID_RE.test(value);

/** The canonical (lower-case) form of a UUID, or null when raw is not one. */
export const normalizeUuid = (raw: string): string | null => (UUID_RE.test(raw) ? raw.toLowerCase() : null);
