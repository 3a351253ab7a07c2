import { createRequire } from 'node:module';
import type * as Undici from 'undici';
import { createSseReader } from './sse-reader.js';
import type { AiConfig } from '../config.js';

// The model behind the assistant's generated answers: one small interface, and its one implementation
// for OpenAI-compatible APIs (OpenAI, Azure's compatible endpoint, Ollama, vLLM, LM Studio, LiteLLM…)
// over undici: a connection pool for the configured base URL, streamed chat completions read as
// server-sent events (text deltas, tool calls, and the usage the stream reports when asked with
// stream_options.include_usage), and embeddings.
//
// Timeouts: connecting, the first byte of the answer (its headers), the gap between two pieces of a
// streamed answer, and the whole call. Retries only where nothing of the answer exists yet: an answer of
// 429 or 5xx, or a connection that could not be made; a bounded number of times, after a short pause
// (Retry-After is honoured up to a cap). A stream cut midway, a timeout or any other answer is not retried:
// the caller falls back to an answer without the model.

export interface AiChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface AiTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
}

export interface AiChatRequest {
  messages: AiChatMessage[];
  tools?: AiTool[];
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
  /** Each piece of the answer's text as it arrives. */
  onText?: (delta: string) => void;
}

export interface AiUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface AiToolCall {
  name: string;
  /** JSON text as the model wrote it. */
  arguments: string;
}

export interface AiChatResult {
  text: string;
  toolCalls: AiToolCall[];
  /** null when the provider reported none. */
  usage: AiUsage | null;
  finishReason: string | null;
}

export interface AiProvider {
  readonly model: string;
  /** null: no embedding model configured (no semantic re-ranking). */
  readonly embeddingModel: string | null;
  chat(request: AiChatRequest): Promise<AiChatResult>;
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
  close(): Promise<void>;
}

export type AiFailure = 'status' | 'connect' | 'timeout' | 'cut' | 'protocol' | 'aborted';

export class AiProviderError extends Error {
  constructor(
    message: string,
    readonly kind: AiFailure,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'AiProviderError';
  }
}

/** The configured provider (AI_* settings), and the pauses between retries tests may shorten. */
export interface AiProviderSettings extends AiConfig {
  /** The first pause before a retry (doubled each time); Retry-After is honoured up to maxRetryDelayMs. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

const CONNECT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const EMBED_BATCH = 64;

const codeOf = (err: unknown): string => String((err as { code?: unknown })?.code ?? '');

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** What went wrong, as the caller's categories (the caller's own abort is not a timeout). */
function classify(err: unknown, signal: AbortSignal, caller: AbortSignal | undefined, phase: 'connect' | 'read') {
  if (err instanceof AiProviderError) return err;
  if (caller?.aborted) return new AiProviderError('the request was abandoned', 'aborted');
  if (signal.aborted || TIMEOUT_CODES.has(codeOf(err))) return new AiProviderError('the provider timed out', 'timeout');
  if (phase === 'read') return new AiProviderError(`the answer was cut: ${(err as Error)?.message}`, 'cut');
  return new AiProviderError(`could not reach the provider: ${(err as Error)?.message}`, 'connect');
}

// undici's index (fetch, WebSocket, caches…) is loaded only when a provider is configured: a server
// without one keeps it out of its heap (test/module-graph.test.ts).
const load = createRequire(import.meta.url);

export function createOpenAiProvider(settings: AiProviderSettings): AiProvider {
  const { Pool } = load('undici') as typeof Undici;
  const base = new URL(settings.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const pool = new Pool(base.origin, {
    connections: 32,
    connect: { timeout: settings.connectTimeoutMs },
    headersTimeout: settings.firstByteTimeoutMs,
    bodyTimeout: settings.idleTimeoutMs,
  });
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream, application/json',
  };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
  const firstDelay = settings.retryDelayMs ?? 250;
  const maxDelay = settings.maxRetryDelayMs ?? 2_000;

  /** POSTs until an answer of 2xx (retrying 429, 5xx and failed connections), or throws. */
  async function post(path: string, body: unknown, signal: AbortSignal, caller?: AbortSignal) {
    const payload = JSON.stringify(body);
    for (let attempt = 0; ; attempt++) {
      let retryAfterMs: number | null = null;
      try {
        const res = await pool.request({ method: 'POST', path: `${basePath}${path}`, headers, body: payload, signal });
        if (res.statusCode >= 200 && res.statusCode < 300) return res;
        await res.body.dump().catch(() => undefined);
        const retryable = res.statusCode === 429 || res.statusCode >= 500;
        if (!retryable || attempt >= settings.maxRetries) {
          throw new AiProviderError(`the provider answered ${res.statusCode}`, 'status', res.statusCode);
        }
        const after = Number(res.headers['retry-after']);
        if (Number.isFinite(after) && after >= 0) retryAfterMs = after * 1000;
      } catch (err) {
        const failure = classify(err, signal, caller, 'connect');
        const retryable = failure.kind === 'connect' && CONNECT_CODES.has(codeOf(err));
        if (!retryable || attempt >= settings.maxRetries) throw failure;
      }
      const pause = Math.min(maxDelay, retryAfterMs ?? firstDelay * 2 ** attempt);
      await sleep(pause, signal).catch((err) => {
        throw classify(err, signal, caller, 'connect');
      });
    }
  }

  function deadline(caller: AbortSignal | undefined): AbortSignal {
    const total = AbortSignal.timeout(settings.totalTimeoutMs);
    return caller ? AbortSignal.any([caller, total]) : total;
  }

  async function chat(request: AiChatRequest): Promise<AiChatResult> {
    const signal = deadline(request.signal);
    const res = await post(
      '/chat/completions',
      {
        model: settings.model,
        messages: request.messages,
        stream: true,
        stream_options: { include_usage: true },
        ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        ...(request.tools?.length
          ? { tools: request.tools.map((t) => ({ type: 'function', function: t })), tool_choice: 'auto' }
          : {}),
      },
      signal,
      request.signal,
    );
    const result: AiChatResult = { text: '', toolCalls: [], usage: null, finishReason: null };
    const calls: { name: string; arguments: string }[] = [];
    let done = false;
    let problem: AiProviderError | null = null;
    const text = (delta: unknown) => {
      if (typeof delta !== 'string' || delta === '') return;
      result.text += delta;
      request.onText?.(delta);
    };
    const takeCalls = (list: unknown) => {
      if (!Array.isArray(list)) return;
      for (const [i, call] of list.entries()) {
        const index = typeof call?.index === 'number' ? call.index : i;
        const entry = (calls[index] ??= { name: '', arguments: '' });
        if (typeof call?.function?.name === 'string') entry.name += call.function.name;
        if (typeof call?.function?.arguments === 'string') entry.arguments += call.function.arguments;
      }
    };
    const takeUsage = (usage: any) => {
      if (usage && typeof usage.total_tokens === 'number') {
        result.usage = {
          prompt_tokens: Number(usage.prompt_tokens ?? 0),
          completion_tokens: Number(usage.completion_tokens ?? 0),
          total_tokens: usage.total_tokens,
        };
      }
    };
    try {
      const type = String(res.headers['content-type'] ?? '');
      if (!type.includes('text/event-stream')) {
        // A server that ignores `stream` answers one JSON completion.
        const body = (await res.body.json()) as any;
        const choice = body?.choices?.[0];
        if (!choice) throw new AiProviderError('the provider answered no choice', 'protocol');
        text(choice.message?.content);
        takeCalls(choice.message?.tool_calls);
        takeUsage(body.usage);
        result.finishReason = choice.finish_reason ?? null;
        done = true;
      } else {
        const reader = createSseReader((data) => {
          if (done || problem) return;
          if (data.trim() === '[DONE]') {
            done = true;
            return;
          }
          let chunk: any;
          try {
            chunk = JSON.parse(data);
          } catch {
            problem = new AiProviderError('the provider sent a message that is not JSON', 'protocol');
            return;
          }
          if (chunk?.error) {
            problem = new AiProviderError(`the provider reported an error: ${chunk.error.message ?? ''}`, 'protocol');
            return;
          }
          takeUsage(chunk?.usage);
          const choice = chunk?.choices?.[0];
          if (!choice) return;
          text(choice.delta?.content);
          takeCalls(choice.delta?.tool_calls);
          if (choice.finish_reason) result.finishReason = choice.finish_reason;
        });
        for await (const piece of res.body) {
          reader.push(piece as Uint8Array);
          if (problem) break;
        }
        reader.end();
      }
    } catch (err) {
      res.body.destroy();
      throw classify(err, signal, request.signal, 'read');
    }
    if (problem) {
      res.body.destroy();
      throw problem;
    }
    // Servers that omit [DONE] still end a whole answer with its finish reason.
    if (!done && result.finishReason === null) throw new AiProviderError('the answer was cut short', 'cut');
    result.toolCalls = calls.filter((c) => c && c.name !== '');
    return result;
  }

  async function embed(texts: readonly string[], caller?: AbortSignal): Promise<Float32Array[]> {
    if (!settings.embeddingModel) throw new AiProviderError('no embedding model is configured', 'protocol');
    const signal = deadline(caller);
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += EMBED_BATCH) {
      const batch = texts.slice(i, i + EMBED_BATCH);
      const res = await post('/embeddings', { model: settings.embeddingModel, input: batch }, signal, caller);
      let body: any;
      try {
        body = await res.body.json();
      } catch (err) {
        throw classify(err, signal, caller, 'read');
      }
      const rows = Array.isArray(body?.data) ? [...body.data] : [];
      rows.sort((a, b) => Number(a?.index ?? 0) - Number(b?.index ?? 0));
      if (rows.length !== batch.length || !rows.every((r) => Array.isArray(r?.embedding))) {
        throw new AiProviderError('the provider answered embeddings that do not match the input', 'protocol');
      }
      for (const r of rows) out.push(Float32Array.from(r.embedding as number[]));
    }
    return out;
  }

  return {
    model: settings.model,
    embeddingModel: settings.embeddingModel,
    chat,
    embed,
    close: () => pool.close(),
  };
}
