import { Type } from 'typebox';
import { sessionUserId } from '../shared/acting-user.js';
import type { App } from '../shared/http.js';
import { Data, DataList, errorResponses, PagedList } from '../shared/schemas.js';
import type { ArticleService } from './article-service.js';
import type { AssistantService } from './assistant-service.js';
import type { CollectionService } from './collection-service.js';
import {
  ArticleIdParams,
  ArticleSchema,
  AssistantReportQuery,
  AssistantReportSchema,
  CollectionIdParams,
  CollectionSchema,
  CreateArticleBody,
  CreateCollectionBody,
  ListArticlesQuery,
  RevisionParams,
  RevisionSchema,
  UpdateArticleBody,
  UpdateCollectionBody,
} from './kb-schemas.js';

const Deleted = Data(Type.Object({ deleted: Type.Boolean() }));

export async function registerKbRoutes(
  app: App,
  {
    kbCollections,
    kbArticles,
    assistant,
  }: { kbCollections: CollectionService; kbArticles: ArticleService; assistant: Pick<AssistantService, 'report'> },
): Promise<void> {
  const tags = ['knowledge base'];
  const read = { scopes: ['kb:read' as const] };
  const write = { scopes: ['kb:write' as const] };

  app.get(
    '/kb/collections',
    {
      config: read,
      schema: {
        tags,
        summary: 'Every collection, by position',
        response: { 200: DataList(CollectionSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await kbCollections.list(request.auth.organizationId) }),
  );
  app.post(
    '/kb/collections',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a collection',
        body: CreateCollectionBody,
        response: { 201: Data(CollectionSchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await kbCollections.create(request.auth.organizationId, request.body) }),
  );
  app.get(
    '/kb/collections/:collection_id',
    {
      config: read,
      schema: {
        tags,
        summary: 'A collection',
        params: CollectionIdParams,
        response: { 200: Data(CollectionSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await kbCollections.get(request.auth.organizationId, request.params.collection_id) }),
  );
  app.patch(
    '/kb/collections/:collection_id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a collection',
        params: CollectionIdParams,
        body: UpdateCollectionBody,
        response: { 200: Data(CollectionSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await kbCollections.update(request.auth.organizationId, request.params.collection_id, request.body),
    }),
  );
  app.delete(
    '/kb/collections/:collection_id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete an empty collection (409 conflict while it holds articles)',
        params: CollectionIdParams,
        response: { 200: Deleted, ...errorResponses },
      },
    },
    async (request) => {
      await kbCollections.remove(request.auth.organizationId, request.params.collection_id);
      return { data: { deleted: true } };
    },
  );

  app.get(
    '/kb/articles',
    {
      config: read,
      schema: {
        tags,
        summary: 'Articles, most recently updated first',
        description: '`search`: words that must all appear in the title or body (case-insensitive).',
        querystring: ListArticlesQuery,
        response: { 200: PagedList(ArticleSchema), ...errorResponses },
      },
    },
    async (request) => kbArticles.list(request.auth.organizationId, request.query),
  );
  app.post(
    '/kb/articles',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create an article',
        description:
          'The slug is made from the title when absent (unique in the organization). Status defaults to draft.',
        body: CreateArticleBody,
        response: { 201: Data(ArticleSchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await kbArticles.create(request.auth.organizationId, request.body, sessionUserId(request.auth)),
      }),
  );
  app.get(
    '/kb/articles/:article_id',
    {
      config: read,
      schema: {
        tags,
        summary: 'An article',
        params: ArticleIdParams,
        response: { 200: Data(ArticleSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await kbArticles.get(request.auth.organizationId, request.params.article_id) }),
  );
  app.patch(
    '/kb/articles/:article_id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change an article (publish, archive, edit)',
        description:
          'A changed slug keeps redirecting from the old one. Publishing, or editing a published article, keeps a revision.',
        params: ArticleIdParams,
        body: UpdateArticleBody,
        response: { 200: Data(ArticleSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await kbArticles.update(
        request.auth.organizationId,
        request.params.article_id,
        request.body,
        sessionUserId(request.auth),
      ),
    }),
  );
  app.delete(
    '/kb/articles/:article_id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete an article',
        params: ArticleIdParams,
        response: { 200: Deleted, ...errorResponses },
      },
    },
    async (request) => {
      await kbArticles.remove(request.auth.organizationId, request.params.article_id);
      return { data: { deleted: true } };
    },
  );
  app.get(
    '/kb/articles/:article_id/revisions',
    {
      config: read,
      schema: {
        tags,
        summary: "An article's revisions (as published), newest first",
        params: ArticleIdParams,
        response: { 200: DataList(RevisionSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await kbArticles.revisions(request.auth.organizationId, request.params.article_id) }),
  );
  app.post(
    '/kb/articles/:article_id/revisions/:revision_id/restore',
    {
      config: write,
      schema: {
        tags,
        summary: "Put a revision's title and body back",
        description: 'The status is kept: a published article publishes the restored text (and keeps a new revision).',
        params: RevisionParams,
        response: { 200: Data(ArticleSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await kbArticles.restore(
        request.auth.organizationId,
        request.params.article_id,
        request.params.revision_id,
        sessionUserId(request.auth),
      ),
    }),
  );

  app.get(
    '/kb/assistant-report',
    {
      config: read,
      schema: {
        tags,
        summary: "The assistant's report: outcomes, answers by mode, feedback, unanswered questions",
        description:
          'Conversations started in the last `days` days (default 30): `answered` (not handed off, at least one ' +
          'answer from the articles), `handed_off` (a ticket was opened), `abandoned` (neither); ' +
          '`deflection_rate` is answered / total. Answers given in the period by mode, the feedback on them, and ' +
          'the latest answers and unanswered questions (mode `none`), 20 of each, newest first.',
        querystring: AssistantReportQuery,
        response: { 200: Data(AssistantReportSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await assistant.report(request.auth.organizationId, request.query.days) }),
  );
}
