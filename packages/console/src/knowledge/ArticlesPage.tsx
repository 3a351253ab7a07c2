import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { errorText } from '../api';
import { when } from '../types';
import { STATUS_LABELS, useArticles, useCollections } from './kb-api';
import { ARTICLE_STATUSES, type ArticleSearch, type ArticleStatus } from './kb-search';
import { KbNav } from './KbNav';

// The articles: filtered by collection, status and words (all in the address), newest change first.
export default function ArticlesPage() {
  const search = useSearch({ from: '/signed-in/kb' });
  const navigate = useNavigate({ from: '/kb' });
  const collections = useCollections();
  const list = useArticles(search);
  const [query, setQuery] = useState(search.q ?? '');
  useEffect(() => setQuery(search.q ?? ''), [search.q]);
  const page = search.page ?? 1;
  const go = (next: Partial<ArticleSearch>) =>
    void navigate({ search: (prev: ArticleSearch) => ({ ...prev, page: undefined, ...next }) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: query.trim() || undefined });
  };
  const collectionName = new Map((collections.data ?? []).map((c) => [c.id, c.name]));
  const rows = list.data?.rows ?? [];

  return (
    <div className="kb">
      <KbNav current="articles" />
      <div className="kb-head">
        <h1>Articles</h1>
        <Link to="/kb/new" className="button primary">
          New article
        </Link>
      </div>
      <div className="filters kb-filters">
        <label>
          Collection
          <select value={search.collection ?? ''} onChange={(e) => go({ collection: e.target.value || undefined })}>
            <option value="">All collections</option>
            {(collections.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select
            value={search.state ?? ''}
            onChange={(e) => go({ state: (e.target.value || undefined) as ArticleStatus | undefined })}
          >
            <option value="">Any status</option>
            {ARTICLE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <search className="search">
          <form onSubmit={submit}>
            <label className="visually-hidden" htmlFor="kb-search">
              Search articles
            </label>
            <input
              id="kb-search"
              type="search"
              placeholder="Words in the title or text"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
            <button type="submit">Search</button>
          </form>
        </search>
      </div>
      {list.isError && <p role="alert">{errorText(list.error)}</p>}
      {list.isPending ? (
        <p className="muted">Loading…</p>
      ) : rows.length === 0 ? (
        <p className="empty">
          {search.q || search.state || search.collection
            ? 'No article matches these filters.'
            : 'No articles yet: write the first one.'}
        </p>
      ) : (
        <ul className="kb-list" aria-label="Articles">
          {rows.map((article) => (
            <li key={article.id} className="kb-row">
              <Link to="/kb/articles/$articleId" params={{ articleId: article.id }} className="kb-title">
                {article.title}
              </Link>
              <span className={`badge kb-status-${article.status}`}>{STATUS_LABELS[article.status]}</span>
              <span className="muted kb-collection">
                {article.collection_id ? (collectionName.get(article.collection_id) ?? '') : 'No collection'}
              </span>
              <span className="muted kb-when">Updated {when(article.updated_at)}</span>
            </li>
          ))}
        </ul>
      )}
      <nav aria-label="Pages" className="pager">
        <button type="button" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
          Previous
        </button>
        <span>
          Page {page} of {Math.max(list.data?.pages ?? 1, 1)} · {list.data?.total ?? 0} articles
        </span>
        <button type="button" disabled={page >= (list.data?.pages ?? 1)} onClick={() => go({ page: page + 1 })}>
          Next
        </button>
      </nav>
    </div>
  );
}
