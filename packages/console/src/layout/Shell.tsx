import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useNavigate, useRouter } from '@tanstack/react-router';
import { Suspense, useEffect, useState } from 'react';
import { errorText, helpdesk } from '../api';
import { useSession } from '../auth/session';
import { useLiveCache, useLiveStatus } from '../live/live-cache';
import { CommandPalette, preloadLikelyPages, ShortcutsHelp } from '../pages';
import { handleKey, useCommands } from '../shortcuts/commands';
import { setAnnouncer } from './announce';

const LIVE_TEXT = { connecting: 'Connecting…', open: 'Live', reconnecting: 'Reconnecting…', offline: 'Offline' };

function LiveIndicator() {
  const status = useLiveStatus();
  return (
    <span className={`live live-${status}`} role="status">
      {LIVE_TEXT[status]}
    </span>
  );
}

function SignedInShell() {
  const { data: me } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [palette, setPalette] = useState(false);
  const [help, setHelp] = useState(false);
  // Each dialog is a chunk of its own: mounted at its first opening and kept mounted after (pages.ts).
  const [used, setUsed] = useState({ palette: false, help: false });
  if ((palette && !used.palette) || (help && !used.help))
    setUsed({ palette: used.palette || palette, help: used.help || help });
  useLiveCache();
  useEffect(preloadLikelyPages, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => void handleKey(event);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const signOut = async () => {
    await helpdesk.auth.logout().catch(() => undefined);
    client.clear();
    await navigate({ to: '/login', search: { next: undefined } });
  };
  const admin = me?.user.role === 'admin';
  const go = (to: string) => () => void navigate({ to });
  useCommands([
    { id: 'palette', title: 'Open the command palette', group: 'General', keys: 'mod+k', run: () => setPalette(true) },
    { id: 'help', title: 'Show keyboard shortcuts', group: 'General', keys: '?', run: () => setHelp(true) },
    { id: 'new-ticket', title: 'New ticket', group: 'General', keys: 'c', run: go('/new') },
    { id: 'go-queue', title: 'Go to tickets', group: 'Go to', run: () => void navigate({ to: '/', search: {} }) },
    { id: 'go-profile', title: 'Go to profile and security', group: 'Go to', run: go('/security') },
    { id: 'go-kb', title: 'Go to knowledge base articles', group: 'Go to', run: go('/kb') },
    { id: 'go-kb-report', title: 'Go to the assistant report', group: 'Go to', run: go('/kb/report') },
    ...(admin
      ? ['users', 'invitations', 'teams', 'tags', 'api-keys', 'webhooks', 'widgets', 'mailboxes'].map((s) => ({
          id: `go-admin-${s}`,
          title: `Go to admin: ${s.replace('-', ' ')}`,
          group: 'Go to',
          run: go(`/admin/${s}`),
        }))
      : []),
    { id: 'sign-out', title: 'Sign out', group: 'General', run: () => void signOut() },
  ]);

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/" search={{}} className="brand">
          Helpdesk
        </Link>
        <nav aria-label="Main">
          <Link to="/" search={{}}>
            Tickets
          </Link>
          {admin && (
            <Link to="/admin/$section" params={{ section: 'users' }}>
              Admin
            </Link>
          )}
          <Link to="/kb" search={{}}>
            Knowledge base
          </Link>
          <Link to="/new">New ticket</Link>
          <Link to="/security">Profile</Link>
        </nav>
        <LiveIndicator />
        <button type="button" className="ghost" onClick={() => setPalette(true)} aria-keyshortcuts="Control+K Meta+K">
          Commands
        </button>
        <span className="me muted">{me?.user.name}</span>
        <button type="button" className="ghost" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <Outlet />
        </Suspense>
      </main>
      <div className="visually-hidden" aria-live="polite" ref={setAnnouncer} />
      <Suspense fallback={null}>
        {used.palette && <CommandPalette open={palette} onOpenChange={setPalette} />}
        {used.help && <ShortcutsHelp open={help} onOpenChange={setHelp} />}
      </Suspense>
    </>
  );
}

/** The pages behind sign-in: a visitor without a session goes to the sign-in page and comes back after. */
export function Shell() {
  const session = useSession();
  const router = useRouter();
  const signedOut = session.isSuccess && !session.data;
  useEffect(() => {
    if (!signedOut) return;
    // Where to come back to: the address inside the console (the router's location has no /app prefix).
    const { pathname, searchStr } = router.state.location;
    void router.navigate({ to: '/login', search: { next: `${pathname}${searchStr}` }, replace: true });
  }, [signedOut, router]);
  if (session.isPending || signedOut) return <p className="muted center">Loading…</p>;
  if (session.isError) return <p role="alert">{errorText(session.error)}</p>;
  return <SignedInShell />;
}
