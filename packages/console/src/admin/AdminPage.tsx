import { Link, useParams } from '@tanstack/react-router';
import { type ComponentType, lazy, Suspense } from 'react';

// Each section is a chunk of its own, fetched when it is opened: an administrator looking at users does not
// download the webhooks or mailboxes pages, and none of them is part of an agent's first load.
const section = (importer: () => Promise<ComponentType>) => lazy(() => importer().then((Page) => ({ default: Page })));

const SECTIONS = {
  users: { title: 'Users', Page: section(() => import('./UsersAdmin').then((m) => m.UsersAdmin)) },
  invitations: {
    title: 'Invitations',
    Page: section(() => import('./InvitationsAdmin').then((m) => m.InvitationsAdmin)),
  },
  teams: { title: 'Teams', Page: section(() => import('./TeamsAdmin').then((m) => m.TeamsAdmin)) },
  tags: { title: 'Tags', Page: section(() => import('./TagsAdmin').then((m) => m.TagsAdmin)) },
  'api-keys': { title: 'API keys', Page: section(() => import('./ApiKeysAdmin').then((m) => m.ApiKeysAdmin)) },
  webhooks: { title: 'Webhooks', Page: section(() => import('./WebhooksAdmin').then((m) => m.WebhooksAdmin)) },
  widgets: { title: 'Chat widgets', Page: section(() => import('./WidgetsAdmin').then((m) => m.WidgetsAdmin)) },
  mailboxes: { title: 'Mailboxes', Page: section(() => import('./MailboxesAdmin').then((m) => m.MailboxesAdmin)) },
} as const;

// Loaded on first visit (a separate chunk): administration is not part of an agent's daily load.
export default function AdminPage() {
  const { section: id } = useParams({ from: '/signed-in/admin/$section' });
  const current = SECTIONS[id as keyof typeof SECTIONS] ?? SECTIONS.users;
  return (
    <div className="admin">
      <nav aria-label="Administration" className="admin-nav">
        {Object.entries(SECTIONS).map(([key, s]) => (
          <Link
            key={key}
            to="/admin/$section"
            params={{ section: key }}
            aria-current={s === current ? 'page' : undefined}
          >
            {s.title}
          </Link>
        ))}
      </nav>
      <h1>{current.title}</h1>
      <Suspense fallback={<p className="muted">Loading…</p>}>
        <current.Page />
      </Suspense>
    </div>
  );
}
