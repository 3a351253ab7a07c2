import { Link, useParams } from '@tanstack/react-router';
import { ApiKeysAdmin } from './ApiKeysAdmin';
import { InvitationsAdmin } from './InvitationsAdmin';
import { TagsAdmin } from './TagsAdmin';
import { TeamsAdmin } from './TeamsAdmin';
import { UsersAdmin } from './UsersAdmin';
import { WebhooksAdmin } from './WebhooksAdmin';
import { WidgetsAdmin } from './WidgetsAdmin';

const SECTIONS = {
  users: { title: 'Users', Page: UsersAdmin },
  invitations: { title: 'Invitations', Page: InvitationsAdmin },
  teams: { title: 'Teams', Page: TeamsAdmin },
  tags: { title: 'Tags', Page: TagsAdmin },
  'api-keys': { title: 'API keys', Page: ApiKeysAdmin },
  webhooks: { title: 'Webhooks', Page: WebhooksAdmin },
  widgets: { title: 'Chat widgets', Page: WidgetsAdmin },
} as const;

// Loaded on first visit (a separate chunk): administration is not part of an agent's daily load.
export default function AdminPage() {
  const { section } = useParams({ from: '/signed-in/admin/$section' });
  const current = SECTIONS[section as keyof typeof SECTIONS] ?? SECTIONS.users;
  return (
    <div className="admin">
      <nav aria-label="Administration" className="admin-nav">
        {Object.entries(SECTIONS).map(([id, s]) => (
          <Link
            key={id}
            to="/admin/$section"
            params={{ section: id }}
            aria-current={s === current ? 'page' : undefined}
          >
            {s.title}
          </Link>
        ))}
      </nav>
      <h1>{current.title}</h1>
      <current.Page />
    </div>
  );
}
