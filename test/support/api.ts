import type { OutgoingHttpHeaders } from 'node:http';
import type { App } from '../../src/shared/http.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

/** A response as the tests read it: status code, JSON body (the raw text if it is not JSON), headers. */
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: OutgoingHttpHeaders;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** app.inject with an optional bearer token and JSON body: the raw form under api(). */
export async function call<T = any>(
  app: App,
  method: Method,
  url: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  let body: any;
  try {
    body = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body, headers: res.headers };
}

/** The API as one caller sees it: every request carries the same key (none if token is omitted). */
export interface Api {
  get<T = any>(url: string, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  post<T = any>(url: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  patch<T = any>(url: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  delete<T = any>(url: string, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  /** Any method, for tables that try several routes. */
  request<T = any>(
    method: Method,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiResponse<T>>;
}

export function api(app: App, token?: string): Api {
  const request = <T>(method: Method, url: string, body?: unknown, headers?: Record<string, string>) =>
    call<T>(app, method, url, { token, body, headers });
  return {
    get: (url, headers) => request('GET', url, undefined, headers),
    post: (url, body, headers) => request('POST', url, body, headers),
    patch: (url, body, headers) => request('PATCH', url, body, headers),
    delete: (url, headers) => request('DELETE', url, undefined, headers),
    request,
  };
}
