// The visitor API (/widget/v1) as the widget calls it: every request names the widget (?key=) so the
// server can check this page's origin, and carries the visitor token once there is one.

export interface VisitorMessage {
  id: string;
  content: string;
  type: 'INBOUND' | 'OUTBOUND';
  author: { type: 'customer' | 'agent'; name: string | null };
  created_at: string;
}

export interface Conversation {
  id: string;
  ticket_number: string;
  subject: string;
  status: string;
  messages: VisitorMessage[];
  created_at: string;
  updated_at: string;
}

export interface Session {
  token: string;
  visitor: { email: string | null; name: string | null; identified: boolean };
  /** The assistant answers first (the organization has published articles). */
  assistant: boolean;
}

export interface Answer {
  conversation_id: string;
  answer: { id: string; mode: string; text: string; citations: { article_id: string; title: string; url: string }[] };
}

/** An error answer of the API: its status, code and, for 429, the seconds to wait. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter: number | null,
  ) {
    super(message);
  }
}

export function createApi(base: string, key: string) {
  let token: string | null = null;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    let res: Response;
    try {
      res = await fetch(`${base}/widget/v1${path}?key=${encodeURIComponent(key)}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
        mode: 'cors',
      });
    } catch {
      throw new ApiError(0, 'network', 'The chat could not be reached. Check your connection.', null);
    }
    const json = res.status === 204 ? null : await res.json().catch(() => null);
    if (!res.ok) {
      const retry = Number(res.headers.get('retry-after'));
      throw new ApiError(
        res.status,
        json?.error?.code ?? 'error',
        json?.error?.message ?? `request failed (${res.status})`,
        Number.isFinite(retry) && retry > 0 ? retry : null,
      );
    }
    return (json?.data ?? null) as T;
  }

  return {
    get token() {
      return token;
    },
    set token(value: string | null) {
      token = value;
    },
    openSession: (identityToken?: string) =>
      call<Session>('POST', '/sessions', { key, ...(identityToken ? { identity_token: identityToken } : {}) }),
    list: () => call<Conversation[]>('GET', '/conversations'),
    get: (id: string) => call<Conversation>('GET', `/conversations/${encodeURIComponent(id)}`),
    create: (input: { message: string; email?: string }) => call<Conversation>('POST', '/conversations', input),
    send: (id: string, content: string) =>
      call<VisitorMessage>('POST', `/conversations/${encodeURIComponent(id)}/messages`, { content }),
    typing: (id: string) => call<null>('POST', `/conversations/${encodeURIComponent(id)}/typing`),
    seen: (id: string, messageId: string) =>
      call<null>('POST', `/conversations/${encodeURIComponent(id)}/seen`, { message_id: messageId }),
    ask: (message: string, conversationId: string | null) =>
      call<Answer>('POST', '/assistant', { message, ...(conversationId ? { conversation_id: conversationId } : {}) }),
    handoff: (conversationId: string, input: { email?: string }) =>
      call<Conversation>('POST', `/assistant/${encodeURIComponent(conversationId)}/handoff`, input),
    streamUrl: (after: string | null) =>
      `${base}/widget/v1/stream?key=${encodeURIComponent(key)}&token=${encodeURIComponent(token ?? '')}${
        after ? `&after=${encodeURIComponent(after)}` : ''
      }`,
  };
}

export type Api = ReturnType<typeof createApi>;
