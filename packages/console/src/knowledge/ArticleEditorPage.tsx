import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { errorText } from '../api';
import { ConfirmButton } from '../lists/ConfirmButton';
import { Problem } from '../lists/Problem';
import { useCommands } from '../shortcuts/commands';
import {
  type Article,
  type ArticleInput,
  articlePath,
  helpCenterUrl,
  send,
  STATUS_LABELS,
  useArticle,
  useCollections,
  useKbWrite,
  useOrganization,
} from './kb-api';
import type { ArticleStatus } from './kb-search';
import { KbNav } from './KbNav';
import { renderMarkdown } from './preview';
import { Revisions } from './Revisions';

// Loaded on first visit (with the Markdown renderer). /kb/new writes a new article; /kb/articles/$articleId
// edits one: title, address (slug), collection and the Markdown text beside its preview; save, publish,
// archive, delete, and the revisions kept each time it was published.

const SLUG_PATTERN = '[a-z0-9](?:[a-z0-9\\-]{1,61})[a-z0-9]';
/** A new article just saved: its editor, mounted again at the article's own address, takes the focus back. */
let justCreated: string | null = null;

export default function ArticleEditorPage() {
  const { articleId } = useParams({ strict: false }) as { articleId?: string };
  const article = useArticle(articleId);
  if (articleId && article.isPending) return <p className="muted">Loading…</p>;
  if (articleId && article.isError) return <p role="alert">{errorText(article.error)}</p>;
  return <Editor key={article.data?.id ?? 'new'} article={article.data ?? null} />;
}

const fieldsOf = (a: Article | null) => ({
  title: a?.title ?? '',
  slug: a?.slug ?? '',
  collection: a?.collection_id ?? '',
  body: a?.body_markdown ?? '',
});

function Editor({ article }: { article: Article | null }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const collections = useCollections();
  const org = useOrganization();
  const form = useRef<HTMLFormElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (article && article.id === justCreated) saveButton.current?.focus();
    justCreated = null;
  }, [article]);
  const [saved, setSaved] = useState(article);
  const [fields, setFields] = useState(() => fieldsOf(article));
  const set = (name: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));
  // The preview follows the text without holding up typing in a long article.
  const deferredBody = useDeferredValue(fields.body);
  const previewHtml = useMemo(() => renderMarkdown(deferredBody), [deferredBody]);

  const status: ArticleStatus | null = saved?.status ?? null;
  const dirty = JSON.stringify(fields) !== JSON.stringify(fieldsOf(saved));
  const slugChanged = saved !== null && fields.slug !== '' && fields.slug !== saved.slug;
  const site = org.data?.help_center.enabled ? org.data : null;

  const loaded = (next: Article) => {
    setSaved(next);
    setFields(fieldsOf(next));
    client.setQueryData(['kb', 'article', next.id], next);
  };

  const save = useKbWrite(
    async (nextStatus: ArticleStatus | undefined) => {
      const input: ArticleInput = {
        title: fields.title,
        body_markdown: fields.body,
        collection_id: fields.collection || null,
        ...(fields.slug !== '' && fields.slug !== saved?.slug ? { slug: fields.slug } : {}),
        ...(nextStatus ? { status: nextStatus } : {}),
      };
      return saved
        ? send<Article>('PATCH', articlePath(saved.id), input)
        : send<Article>('POST', '/api/v1/kb/articles', { ...input, status: nextStatus ?? 'draft' });
    },
    (next, nextStatus) => {
      const movedFrom = saved && saved.slug !== next.slug ? saved.slug : null;
      const created = saved === null;
      loaded(next);
      if (created) justCreated = next.id;
      if (created) void navigate({ to: '/kb/articles/$articleId', params: { articleId: next.id }, replace: true });
      const what =
        nextStatus === 'published' && saved?.status !== 'published'
          ? 'Article published'
          : nextStatus === 'archived'
            ? 'Article archived'
            : next.status === 'draft'
              ? 'Draft saved'
              : 'Changes saved';
      return movedFrom ? `${what}. The old address ${movedFrom} now redirects to ${next.slug}` : what;
    },
  );
  const remove = useKbWrite(
    (id: string) => send('DELETE', articlePath(id)),
    () => {
      void navigate({ to: '/kb', search: {} });
      return 'Article deleted';
    },
  );

  /** Saves (with a new status when given) once the browser's own checks of the fields pass. */
  const submit = (nextStatus?: ArticleStatus) => {
    if (form.current && !form.current.reportValidity()) return;
    save.mutate(nextStatus);
  };

  useCommands([
    { id: 'kb-save', title: 'Save the article', group: 'Article', keys: 'mod+s', run: () => submit() },
    ...(status !== 'published'
      ? [{ id: 'kb-publish', title: 'Publish the article', group: 'Article', run: () => submit('published') }]
      : []),
  ]);

  const publicUrl = site && saved ? helpCenterUrl(site, saved.slug) : null;
  return (
    <div className="kb">
      <KbNav current="articles" />
      <p className="crumbs">
        <Link to="/kb" search={{}}>
          Articles
        </Link>
      </p>
      <div className="kb-head">
        <h1>{saved ? 'Edit article' : 'New article'}</h1>
        <span className={`badge kb-status-${status ?? 'draft'}`}>{status ? STATUS_LABELS[status] : 'Not saved'}</span>
        {dirty && saved && <span className="muted">Unsaved changes</span>}
      </div>
      <form
        ref={form}
        className="kb-editor"
        aria-label="Article"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="kb-fields">
          <label>
            Title
            <input required maxLength={300} value={fields.title} onChange={(e) => set('title')(e.target.value)} />
          </label>
          <div>
            <label>
              Address (slug)
              <input
                value={fields.slug}
                onChange={(e) => set('slug')(e.target.value.toLowerCase())}
                pattern={SLUG_PATTERN}
                minLength={3}
                maxLength={63}
                placeholder={saved ? undefined : 'Made from the title when left empty'}
                aria-describedby="kb-slug-hint"
                spellCheck={false}
              />
            </label>
            <p className="hint" id="kb-slug-hint">
              {slugChanged && site
                ? `Saving moves the article to ${helpCenterUrl(site, fields.slug)}; the old address ${helpCenterUrl(site, saved.slug)} keeps redirecting to it.`
                : slugChanged
                  ? `Saving changes the address; the old one (${saved.slug}) keeps redirecting to the new one.`
                  : 'Lowercase letters, digits and hyphens. Changing it later keeps the old address redirecting.'}
            </p>
          </div>
          <label>
            Collection
            <select value={fields.collection} onChange={(e) => set('collection')(e.target.value)}>
              <option value="">No collection</option>
              {(collections.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="kb-panes">
          <label className="kb-write">
            Text (Markdown)
            <textarea
              rows={18}
              maxLength={200_000}
              value={fields.body}
              onChange={(e) => set('body')(e.target.value)}
              spellCheck
            />
          </label>
          <section className="kb-preview-pane" aria-labelledby="kb-preview-title">
            <h2 id="kb-preview-title">Preview</h2>
            {/* Sanitized HTML only: the server's own renderer (preview.ts); the console's CSP runs no inline script or handler either. */}
            <div className="kb-preview" dangerouslySetInnerHTML={{ __html: previewHtml }} />
            <p className="hint">Images from other sites appear in the help center, not in this preview.</p>
          </section>
        </div>
        <Problem error={save.error ?? remove.error} />
        <div className="row kb-actions">
          <button
            ref={saveButton}
            type="submit"
            className={status === 'published' ? 'primary' : undefined}
            disabled={save.isPending}
          >
            {status === null || status === 'draft' ? 'Save draft' : 'Save changes'}
          </button>
          {status !== 'published' && (
            <button type="button" className="primary" disabled={save.isPending} onClick={() => submit('published')}>
              Publish
            </button>
          )}
          {status === 'published' && (
            <button type="button" disabled={save.isPending} onClick={() => submit('draft')}>
              Unpublish
            </button>
          )}
          {status !== null && status !== 'archived' && (
            <button type="button" disabled={save.isPending} onClick={() => submit('archived')}>
              Archive
            </button>
          )}
          {saved && (
            <ConfirmButton
              question={`Delete the article "${saved.title}"? It leaves the help center and cannot be restored.`}
              onConfirm={() => remove.mutate(saved.id)}
            >
              Delete article
            </ConfirmButton>
          )}
          {publicUrl && status === 'published' && (
            <a href={publicUrl} target="_blank" rel="noopener noreferrer">
              View in the help center
            </a>
          )}
        </div>
      </form>
      {saved && <Revisions article={saved} onRestored={loaded} />}
    </div>
  );
}
