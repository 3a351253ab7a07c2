import { ConfirmButton } from '../lists/ConfirmButton';
import { Problem } from '../lists/Problem';
import { type Article, articlePath, dateTime, type Revision, send, useKbWrite, useRevisions } from './kb-api';

// The article as it was each time it was published (and each time a published article was edited),
// newest first. Restoring puts a revision's title and text back and keeps the status: on a published
// article the restored text is published at once (and kept as a new revision).
export function Revisions({ article, onRestored }: { article: Article; onRestored: (next: Article) => void }) {
  const revisions = useRevisions(article.id);
  const restore = useKbWrite(
    (revision: Revision) => send<Article>('POST', `${articlePath(article.id)}/revisions/${revision.id}/restore`),
    (next, revision) => {
      onRestored(next);
      return `Revision of ${dateTime(revision.created_at)} restored`;
    },
  );
  const list = revisions.data ?? [];
  return (
    <section className="card kb-revisions" aria-labelledby="kb-revisions-title">
      <h2 id="kb-revisions-title">Revisions</h2>
      <Problem error={revisions.error ?? restore.error} />
      {list.length === 0 ? (
        <p className="hint">None yet: a revision is kept each time the article is published.</p>
      ) : (
        <ol className="kb-revision-list">
          {list.map((revision, i) => (
            <li key={revision.id}>
              <div className="kb-revision-head">
                <strong>{dateTime(revision.created_at)}</strong>
                <span>{revision.title}</span>
                {revision.author && <span className="muted">by {revision.author.name}</span>}
                {i === 0 && article.status === 'published' && <span className="badge">Live</span>}
              </div>
              <details>
                <summary>Text of this revision</summary>
                <pre className="kb-revision-text">{revision.body_markdown}</pre>
              </details>
              <ConfirmButton
                question={`Restore the revision of ${dateTime(revision.created_at)}? It replaces the current title and text${
                  article.status === 'published' ? ', and is published at once' : ''
                }.`}
                onConfirm={() => restore.mutate(revision)}
              >
                Restore revision of {dateTime(revision.created_at)}
              </ConfirmButton>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
