import { Type, type Static } from 'typebox';
import { Nullable, NullableTimestamp, PageQuerySchema, StringEnum, Timestamp } from '../shared/schemas.js';
import { SLUG_PATTERN } from '../shared/slug.js';

export const ARTICLE_STATUSES = ['draft', 'published', 'archived'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

const Slug = Type.String({ minLength: 3, maxLength: 63, pattern: SLUG_PATTERN });
const Locale = Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$', maxLength: 35 });

// ---- collections ----

export const CollectionSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  position: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type CollectionView = Static<typeof CollectionSchema>;

export const CreateCollectionBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 2_000 }))),
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Default: after the last' })),
});
export type CreateCollectionInput = Static<typeof CreateCollectionBody>;

export const UpdateCollectionBody = Type.Partial(CreateCollectionBody);
export type UpdateCollectionInput = Static<typeof UpdateCollectionBody>;

export const CollectionIdParams = Type.Object({ collection_id: Type.String() });

// ---- articles ----

export const ArticleSchema = Type.Object({
  id: Type.String(),
  collection_id: Nullable(Type.String()),
  title: Type.String(),
  slug: Type.String(),
  body_markdown: Type.String(),
  body_html: Type.String({
    description: 'Rendered from body_markdown and sanitized (no scripts, handlers or javascript: URLs)',
  }),
  status: StringEnum(ARTICLE_STATUSES),
  locale: Type.String(),
  author: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  published_at: NullableTimestamp,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type ArticleView = Static<typeof ArticleSchema>;

export const CreateArticleBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 300 }),
  body_markdown: Type.String({ maxLength: 200_000 }),
  collection_id: Type.Optional(Nullable(Type.String())),
  slug: Type.Optional(Slug),
  status: Type.Optional(StringEnum(ARTICLE_STATUSES)),
  locale: Type.Optional(Locale),
});
export type CreateArticleInput = Static<typeof CreateArticleBody>;

export const UpdateArticleBody = Type.Partial(CreateArticleBody);
export type UpdateArticleInput = Static<typeof UpdateArticleBody>;

export const ListArticlesQuery = Type.Object({
  ...PageQuerySchema,
  status: Type.Optional(StringEnum(ARTICLE_STATUSES)),
  collection_id: Type.Optional(Type.String()),
  search: Type.Optional(Type.String({ maxLength: 200 })),
});
export type ListArticlesInput = Static<typeof ListArticlesQuery>;

export const ArticleIdParams = Type.Object({ article_id: Type.String() });
export const RevisionParams = Type.Object({ article_id: Type.String(), revision_id: Type.String() });

export const RevisionSchema = Type.Object({
  id: Type.String(),
  article_id: Type.String(),
  title: Type.String(),
  body_markdown: Type.String(),
  author: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  created_at: Timestamp,
});
export type RevisionView = Static<typeof RevisionSchema>;

// ---- the assistant's report ----

export const AssistantReportQuery = Type.Object({
  days: Type.Integer({ minimum: 1, maximum: 366, default: 30, description: 'The period: the last this many days' }),
});

const Count = Type.Integer({ minimum: 0 });
const AnswerMode = StringEnum(['generated', 'extractive', 'none'] as const);

export const AssistantReportSchema = Type.Object({
  from: Timestamp,
  to: Timestamp,
  conversations: Type.Object(
    {
      total: Count,
      answered: Type.Integer({
        minimum: 0,
        description: 'Not handed off, and at least one answer came from the articles (generated or extractive)',
      }),
      handed_off: Type.Integer({ minimum: 0, description: 'Handed to a person: a ticket was opened' }),
      abandoned: Type.Integer({ minimum: 0, description: 'Not handed off, and no answer came from the articles' }),
      deflection_rate: Nullable(
        Type.Number({ minimum: 0, maximum: 1, description: 'answered / total (null when there were none)' }),
      ),
    },
    { description: 'Conversations started in the period' },
  ),
  answers: Type.Object(
    { total: Count, generated: Count, extractive: Count, none: Count },
    { description: 'Answers given in the period, by mode' },
  ),
  feedback: Type.Object(
    { helpful: Count, not_helpful: Count },
    { description: 'Feedback on the answers given in the period' },
  ),
  unanswered: Type.Array(
    Type.Object({
      answer_id: Type.String(),
      conversation_id: Type.String(),
      question: Type.String(),
      asked_at: Timestamp,
    }),
    { description: 'The latest questions answered with mode none (at most 20), newest first' },
  ),
  recent_answers: Type.Array(
    Type.Object({
      id: Type.String(),
      conversation_id: Type.String(),
      question: Type.String(),
      mode: AnswerMode,
      helpful: Nullable(Type.Boolean()),
      created_at: Timestamp,
    }),
    { description: 'The latest answers (at most 20), newest first' },
  ),
});
export type AssistantReport = Static<typeof AssistantReportSchema>;
