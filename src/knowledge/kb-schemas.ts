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
