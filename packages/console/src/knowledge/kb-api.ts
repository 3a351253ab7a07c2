import type { components } from '@helpdesk/sdk/browser';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { helpdesk } from '../api';
import { announce } from '../layout/announce';
import type { ArticleSearch, ArticleStatus } from './kb-search';

// The knowledge base's reads and writes, all through the SDK. Every write refreshes what it changed:
// the article, the lists, the collections (whose article counts the list shows).

type S = components['schemas'];
export type Article = S['KbArticle'];
export type Collection = S['KbCollection'];
export type Revision = S['KbArticleRevision'];
export type AssistantReport = S['KbAssistantReport'];
export type Organization = S['Organization'];
export type Usage = S['Usage'];
export type ArticleInput = S['UpdateKbArticleInput'];

export const PAGE_SIZE = 25;

export const STATUS_LABELS: Record<ArticleStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

const get = async <T>(path: string, query?: Record<string, string | number | undefined>) =>
  (await helpdesk.request<{ data: T }>('GET', path, { query })).body.data;

export const send = async <T>(method: string, path: string, body?: unknown) =>
  (await helpdesk.request<{ data: T }>(method, path, body === undefined ? {} : { body })).body?.data as T;

export const articlePath = (id: string) => `/api/v1/kb/articles/${encodeURIComponent(id)}`;
export const collectionPath = (id: string) => `/api/v1/kb/collections/${encodeURIComponent(id)}`;

export const useCollections = () =>
  useQuery({ queryKey: ['kb', 'collections'], queryFn: () => get<Collection[]>('/api/v1/kb/collections') });

export const useOrganization = () =>
  useQuery({
    queryKey: ['organization'],
    queryFn: () => get<Organization>('/api/v1/organization'),
    staleTime: 300_000,
  });

export function useArticles(search: ArticleSearch) {
  return useQuery({
    queryKey: ['kb', 'articles', search],
    queryFn: async () => {
      const { body } = await helpdesk.request<{ data: Article[]; meta: S['PaginationMeta'] }>(
        'GET',
        '/api/v1/kb/articles',
        {
          query: {
            page: search.page ?? 1,
            limit: PAGE_SIZE,
            status: search.state,
            collection_id: search.collection,
            search: search.q,
          },
        },
      );
      return { rows: body.data, total: body.meta.pagination.total, pages: body.meta.pagination.total_pages };
    },
    placeholderData: keepPreviousData,
  });
}

export const useArticle = (id: string | undefined) =>
  useQuery({
    queryKey: ['kb', 'article', id],
    queryFn: () => get<Article>(articlePath(id!)),
    enabled: id !== undefined,
  });

export const useRevisions = (id: string) =>
  useQuery({ queryKey: ['kb', 'revisions', id], queryFn: () => get<Revision[]>(`${articlePath(id)}/revisions`) });

export const useReport = (days: number) =>
  useQuery({
    queryKey: ['kb', 'report', days],
    queryFn: () => get<AssistantReport>('/api/v1/kb/assistant-report', { days }),
  });

/** AI credits come from the usage report (the calendar month), which every staff role may read. */
export const useUsage = () =>
  useQuery({ queryKey: ['billing', 'usage'], queryFn: () => get<Usage>('/api/v1/billing/usage'), retry: false });

/** A knowledge base write: on success the given sentence is announced and every kb query refreshes. */
export function useKbWrite<I, O>(run: (input: I) => Promise<O>, done?: (output: O, input: I) => string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (output, input) => {
      const sentence = done?.(output, input);
      if (sentence) announce(sentence);
      void client.invalidateQueries({ queryKey: ['kb'] });
    },
  });
}

/** The public address of the help center, or of one of its articles. */
export const helpCenterUrl = (org: Organization, articleSlug?: string) =>
  `/help/${encodeURIComponent(org.slug)}/${articleSlug ? `articles/${encodeURIComponent(articleSlug)}` : ''}`;

export const dateTime = (value: string) =>
  new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
