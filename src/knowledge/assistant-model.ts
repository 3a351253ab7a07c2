import { randomBytes } from 'node:crypto';
import { type AiProvider, AiProviderError, type AiUsage } from './ai-provider.js';
import type { ComposedAnswer } from './assistant-answers.js';
import {
  buildMessages,
  createAnswerStream,
  generatedAnswer,
  HANDOFF_TOOL,
  numberPassages,
} from './assistant-generated.js';
import type { Retrieval, RetrievedArticle } from './retrieval.js';

// One question put to the model: the numbered passages and the question in delimiters of this request,
// the answer streamed out as it settles, then checked. Never throws for the provider's sake: a failure
// (status, timeout, cut stream, bad message) or an answer citing nothing gives `answer: null`, and the
// caller answers without the model.

export interface ModelOutcome {
  /** null: not usable (see failure); the caller falls back. */
  answer: ComposedAnswer | null;
  /** The model asked for a person (its hand-off tool). */
  handoff: boolean;
  usage: AiUsage | null;
  failure: string | null;
}

export interface ModelOptions {
  signal?: AbortSignal;
  /** Cleaned pieces of the answer as they settle. */
  onDelta?: (text: string) => void;
}

const MAX_TOKENS = 700;

export async function askModel(
  provider: Pick<AiProvider, 'chat'>,
  question: string,
  found: Retrieval,
  urlOf: (a: RetrievedArticle) => string,
  options: ModelOptions = {},
): Promise<ModelOutcome> {
  const passages = numberPassages(found);
  const nonce = randomBytes(8).toString('hex');
  // The listener's failure (a client gone) must not end the model's answer: it is recorded whole.
  const stream = createAnswerStream(passages, urlOf, (d) => {
    try {
      options.onDelta?.(d);
    } catch {
      // nothing to do: the result carries the whole text
    }
  });
  try {
    const result = await provider.chat({
      messages: buildMessages(question, passages, nonce),
      tools: [HANDOFF_TOOL],
      maxTokens: MAX_TOKENS,
      temperature: 0.2,
      signal: options.signal,
      onText: (delta) => stream.push(delta),
    });
    // Only the hand-off is an action the model has; any other tool it names is ignored.
    const handoff = result.toolCalls.some((c) => c.name === HANDOFF_TOOL.name);
    const answer = generatedAnswer(result.text, handoff, passages, urlOf);
    return { answer, handoff, usage: result.usage, failure: answer ? null : 'uncited' };
  } catch (err) {
    const failure = err instanceof AiProviderError ? err.kind : 'error';
    return { answer: null, handoff: false, usage: null, failure };
  }
}
