// An API key's scopes, as plain values: the services import them, and the webhook
// thread, which builds every service but serves no HTTP, then loads no schema library (TypeBox: 3.2 MB
// of heap). admin/api-key-schemas.ts builds the HTTP enum from them.

export type Scope =
  | 'tickets:read'
  | 'tickets:write'
  | 'customers:read'
  | 'customers:write'
  | 'webhooks:read'
  | 'webhooks:write'
  | 'billing:read'
  | 'events:read'
  | 'kb:read'
  | 'kb:write'
  | 'admin';

export const ALL_SCOPES: Scope[] = [
  'tickets:read',
  'tickets:write',
  'customers:read',
  'customers:write',
  'webhooks:read',
  'webhooks:write',
  'billing:read',
  'events:read',
  'kb:read',
  'kb:write',
  'admin',
];
