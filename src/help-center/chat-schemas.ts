import { Type } from 'typebox';
import { QUESTION_MAX } from '../knowledge/assistant-service.js';
import { Nullable, StringEnum } from '../shared/schemas.js';

export const SlugParams = Type.Object({ slug: Type.String() });
export const ConversationParams = Type.Object({ slug: Type.String(), conversation_id: Type.String() });

export const AnswerSchema = Type.Object({
  id: Type.String(),
  mode: StringEnum(['generated', 'extractive', 'none'] as const),
  text: Type.String({ description: 'Markdown; [n] marks the n-th citation' }),
  citations: Type.Array(Type.Object({ article_id: Type.String(), title: Type.String(), url: Type.String() })),
});
export const ChatResponse = Type.Object({
  data: Type.Object({ conversation_id: Type.String(), answer: AnswerSchema }),
});

export const ChatBody = Type.Object({
  message: Type.String({ minLength: 1, maxLength: QUESTION_MAX }),
  conversation_id: Type.Optional(Type.String()),
});
export const HandoffBody = Type.Object({
  email: Type.String({ format: 'email', maxLength: 320 }),
  name: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
});
export const FeedbackBody = Type.Object({ answer_id: Type.String(), helpful: Type.Boolean() });
