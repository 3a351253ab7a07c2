import { SignJWT } from 'jose';
import type { App } from '../../src/shared/http.js';
import type { ApiResponse } from './api.js';
import type { TestOrg } from './harness.js';

// Helpers of the chat widget tests: a widget made through the admin API, and a visitor's requests as
// a browser on a given origin and client address would send them.

export const SHOP = 'https://shop.example';

export async function createWidget(org: TestOrg, body: Record<string, unknown> = {}) {
  const res = await org.api.post('/api/v1/widgets', { name: 'Shop', allowed_origins: [SHOP], ...body });
  if (res.status !== 201) throw new Error(`widget create: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; key: string; identity_secret: string; allowed_origins: string[] };
}

export function identityToken(
  secret: string,
  claims: Record<string, unknown>,
  options: { expiresInS?: number | null; alg?: string } = {},
) {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: options.alg ?? 'HS256' }).setIssuedAt();
  if (options.expiresInS !== null) jwt.setExpirationTime(Math.floor(Date.now() / 1000) + (options.expiresInS ?? 3600));
  return jwt.sign(new TextEncoder().encode(secret));
}

export interface VisitorClient {
  key: string;
  token: string | null;
  request(
    method: 'GET' | 'POST' | 'OPTIONS',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiResponse>;
  /** POST /sessions; keeps the token. */
  open(identity_token?: string): Promise<ApiResponse>;
}

export function visitor(
  app: App,
  key: string,
  options: { origin?: string | null; address?: string; withKey?: boolean } = {},
): VisitorClient {
  const client: VisitorClient = {
    key,
    token: null,
    async request(method, path, body, headers = {}) {
      const sep = path.includes('?') ? '&' : '?';
      const url = `/widget/v1${path}${options.withKey === false ? '' : `${sep}key=${encodeURIComponent(key)}`}`;
      const h: Record<string, string> = { ...headers };
      const origin = options.origin === undefined ? SHOP : options.origin;
      if (origin !== null) h.origin = origin;
      if (client.token && !h.authorization) h.authorization = `Bearer ${client.token}`;
      const res = await app.inject({
        method,
        url,
        headers: h,
        remoteAddress: options.address ?? '203.0.113.7',
        ...(body !== undefined ? { payload: body as object } : {}),
      });
      let parsed: any;
      try {
        parsed = res.body ? JSON.parse(res.body) : undefined;
      } catch {
        parsed = res.body;
      }
      return { status: res.statusCode, body: parsed, headers: res.headers };
    },
    async open(identity_token) {
      const res = await client.request('POST', '/sessions', { key, ...(identity_token ? { identity_token } : {}) });
      if (res.status === 201) client.token = res.body.data.token;
      return res;
    },
  };
  return client;
}
