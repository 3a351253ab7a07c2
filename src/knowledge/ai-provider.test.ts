import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeEmbedding, startFakeAi, USAGE } from '../../test/support/fake-ai.js';
import { type AiProviderError, createOpenAiProvider } from './ai-provider.js';

// The OpenAI-compatible provider against a fake API on loopback: streamed text, tool calls and usage,
// retries only of 429/5xx/failed connections (Retry-After honoured), timeouts, the caller's abort, embeddings.

const fake = await startFakeAi();
const settings = {
  baseUrl: fake.url,
  apiKey: 'k',
  model: 'm',
  embeddingModel: 'e',
  connectTimeoutMs: 1_000,
  firstByteTimeoutMs: 300,
  idleTimeoutMs: 300,
  totalTimeoutMs: 5_000,
  maxRetries: 2,
  retryDelayMs: 10,
};
const provider = createOpenAiProvider(settings);
afterAll(async () => {
  await provider.close();
  await fake.close();
});
const messages = [{ role: 'user' as const, content: 'hi' }];
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: AiProviderError) => ({ kind: err.kind, status: err.status }),
  );

describe('OpenAI-compatible provider', () => {
  beforeEach(() => fake.reset());

  it('streams text pieces, collects the hand-off tool call and the usage', async () => {
    fake.script({ kind: 'stream', text: 'Hello there, friend [1].', handoff: true });
    const pieces: string[] = [];
    const result = await provider.chat({ messages, onText: (d) => pieces.push(d) });
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('Hello there, friend [1].');
    expect(result).toEqual({
      text: 'Hello there, friend [1].',
      toolCalls: [{ name: 'handoff', arguments: '{"reason":"asked"}' }],
      usage: USAGE,
      finishReason: 'tool_calls',
    });
    expect(fake.calls[0]!.path).toBe('/v1/chat/completions');
    expect(fake.calls[0]!.headers.authorization).toBe('Bearer k');
  });

  it('retries 429 and 5xx (Retry-After honoured), never 4xx, and gives up after maxRetries', async () => {
    fake.script({ kind: 'status', status: 429, retryAfter: '1' }, { kind: 'status', status: 502 });
    const started = Date.now();
    expect((await provider.chat({ messages })).text).toContain('Forgot password');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fake.calls).toHaveLength(3);
    fake.reset();
    fake.script({ kind: 'status', status: 401 });
    expect(await failure(provider.chat({ messages }))).toEqual({ kind: 'status', status: 401 });
    expect(fake.calls).toHaveLength(1);
    fake.reset();
    fake.script(...Array(3).fill({ kind: 'status', status: 500 }));
    expect(await failure(provider.chat({ messages }))).toEqual({ kind: 'status', status: 500 });
    expect(fake.calls).toHaveLength(3);
  });

  it('a hang is a timeout, a cut stream is cut, the caller’s abort is aborted; none retried', async () => {
    fake.script({ kind: 'hang' });
    expect(await failure(provider.chat({ messages }))).toMatchObject({ kind: 'timeout' });
    fake.script({ kind: 'cut', text: 'partial answer' });
    expect(await failure(provider.chat({ messages }))).toMatchObject({ kind: 'cut' });
    fake.script({ kind: 'hang' });
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 50);
    expect(await failure(provider.chat({ messages, signal: abort.signal }))).toMatchObject({ kind: 'aborted' });
    expect(fake.calls).toHaveLength(3);
  });

  it('a connection refused is retried, then reported', async () => {
    const dead = createOpenAiProvider({ ...settings, baseUrl: 'http://127.0.0.1:9/v1' });
    expect(await failure(dead.chat({ messages }))).toMatchObject({ kind: 'connect' });
    await dead.close();
  });

  it('embeds in batches of 64, in input order', async () => {
    const texts = Array.from({ length: 70 }, (_, i) => `text number ${i} about passwords`);
    const vectors = await provider.embed(texts);
    expect(fake.embeddingCalls.map((c) => c.length)).toEqual([64, 6]);
    expect(vectors).toHaveLength(70);
    expect([...vectors[69]!].map((x) => Number(x.toFixed(5)))).toEqual(
      fakeEmbedding(texts[69]!).map((x) => Number(Math.fround(x).toFixed(5))),
    );
    const none = createOpenAiProvider({ ...settings, embeddingModel: null });
    expect(await failure(none.embed(['x']))).toMatchObject({ kind: 'protocol' });
    await none.close();
  });
});
