import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { ListBody } from '../lists/ListBody';
import { Pager } from '../lists/Pager';
import { Problem } from '../lists/Problem';
import { SearchBox } from '../lists/SearchBox';
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
  const page = search.page ?? 1;
  const go = (next: Partial<ArticleSearch>) =>
    void navigate({ search: (prev: ArticleSearch) => ({ ...prev, page: undefined, ...next }) });
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
        <SearchBox
          id="kb-search"
          label="Search articles"
          placeholder="Words in the title or text"
          value={search.q}
          onSearch={(q) => go({ q })}
        />
      </div>
      <Problem error={list.error} />
      <ListBody
        pending={list.isPending}
        empty={
          rows.length > 0
            ? null
            : search.q || search.state || search.collection
              ? 'No article matches these filters.'
              : 'No articles yet: write the first one.'
        }
      >
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
      </ListBody>
      <Pager
        page={page}
        pages={Math.max(list.data?.pages ?? 1, 1)}
        total={list.data?.total ?? 0}
        noun="articles"
        onPage={(p) => go({ page: p })}
      />
    </div>
  );
}
