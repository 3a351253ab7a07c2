// The knowledge base pages keep their filters in the address (/app/kb?collection=…&state=draft&q=reset&page=2,
// /app/kb/report?days=90): a reload, a shared link or the back button shows the same page. Kept apart from
// the pages so the first load carries only this parsing, not the pages. The article status is `state` in the
// address: the ticket list's `status` holds other values, and the router types every page's search as one.

import { parseWordsAndPage, type WordsAndPage } from '../lists/list-search';

export const ARTICLE_STATUSES = ['draft', 'published', 'archived'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export interface ArticleSearch extends WordsAndPage {
  collection?: string;
  state?: ArticleStatus;
}

export function parseArticleSearch(search: Record<string, unknown>): ArticleSearch {
  const state = ARTICLE_STATUSES.includes(search.state as ArticleStatus) ? (search.state as ArticleStatus) : null;
  return {
    ...(typeof search.collection === 'string' && search.collection ? { collection: search.collection } : {}),
    ...(state ? { state } : {}),
    ...parseWordsAndPage(search),
  };
}

export const REPORT_PERIODS = [7, 30, 90] as const;

export interface ReportSearch {
  days?: number;
}

export function parseReportSearch(search: Record<string, unknown>): ReportSearch {
  const days = Number(search.days);
  return REPORT_PERIODS.includes(days as (typeof REPORT_PERIODS)[number]) && days !== 30 ? { days } : {};
}
