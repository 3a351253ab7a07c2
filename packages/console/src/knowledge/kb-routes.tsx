import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { parseArticleSearch, parseReportSearch } from './kb-search';

// The knowledge base's pages, under the signed-in shell. Each page is its own chunk, loaded on first
// visit (the editor brings the Markdown renderer): none of it weighs on the console's first load.
const ArticlesPage = lazy(() => import('./ArticlesPage'));
const ArticleEditorPage = lazy(() => import('./ArticleEditorPage'));
const CollectionsPage = lazy(() => import('./CollectionsPage'));
const ReportPage = lazy(() => import('./ReportPage'));

export function knowledgeRoutes<P extends AnyRoute>(parent: P) {
  const articles = createRoute({
    getParentRoute: () => parent,
    path: '/kb',
    validateSearch: parseArticleSearch,
    component: ArticlesPage,
  });
  const newArticle = createRoute({ getParentRoute: () => parent, path: '/kb/new', component: ArticleEditorPage });
  const article = createRoute({
    getParentRoute: () => parent,
    path: '/kb/articles/$articleId',
    component: ArticleEditorPage,
  });
  const collections = createRoute({
    getParentRoute: () => parent,
    path: '/kb/collections',
    component: CollectionsPage,
  });
  const report = createRoute({
    getParentRoute: () => parent,
    path: '/kb/report',
    validateSearch: parseReportSearch,
    component: ReportPage,
  });
  return [articles, newArticle, article, collections, report] as const;
}
