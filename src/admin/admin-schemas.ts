import { Type } from 'typebox';
import { StringEnum } from '../shared/schemas.js';

// Building blocks shared by the management routes.

export const ROLES = ['admin', 'agent'] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = StringEnum(ROLES);

export const Email = Type.String({ format: 'email', maxLength: 320 });

/** A display name: not blank, bounded. */
export const Name = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

// Staff user ids may come from an identity provider ("auth0|abc", an email, a UUID). They appear in
// URL paths, so only URL-safe characters are allowed, and at most 100 (the router's parameter limit).
// `none` is not an id: the ticket list reads `assignee_id=none` as "unassigned".
export const UserId = Type.String({ minLength: 1, maxLength: 100, pattern: '^(?!none$)[A-Za-z0-9._:@|+=~-]+$' });

export const Deleted = Type.Object({ data: Type.Object({ deleted: Type.Boolean() }) });

export const IdParams = Type.Object({ id: Type.String() });
