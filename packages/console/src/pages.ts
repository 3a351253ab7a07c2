import { lazyRouteComponent } from '@tanstack/react-router';
import { type ComponentType, lazy } from 'react';

// The ticket list, the ticket page and the sign-in form are in the entry script (an agent's day is the list
// and the ticket: a click on a ticket must not wait for a chunk); every other page is a chunk of its own,
// fetched when its route is entered or preloaded (hovering a link to it), so the first load stays small. A tab left open across an upgrade whose chunk names changed reloads once (the router's
// lazyRouteComponent does) instead of failing.
export { TicketPage } from './ticket/TicketPage';
export const CustomerPage = lazyRouteComponent(() => import('./customer/CustomerPage'), 'CustomerPage');
export const NewTicketPage = lazyRouteComponent(() => import('./customer/NewTicketForm'), 'NewTicketPage');
export const SetupPage = lazyRouteComponent(() => import('./auth/TokenPages'), 'SetupPage');
export const AcceptPage = lazyRouteComponent(() => import('./auth/TokenPages'), 'AcceptPage');
export const ResetPage = lazyRouteComponent(() => import('./auth/TokenPages'), 'ResetPage');
export const AdminPage = lazyRouteComponent(() => import('./admin/AdminPage'));
export const SecurityPage = lazyRouteComponent(() => import('./profile/SecurityPage'));

/** React.lazy that can also be fetched ahead of its first render. */
function preloadable<P extends object>(importer: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const load = () => {
    loading ??= importer().then(
      (Component) => ({ default: Component }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(lazy(load), { preload: () => void load().catch(() => undefined) });
}

// The two dialogs every page has (Radix Dialog with its focus trap and scroll lock): mounted on first open.
export const CommandPalette = preloadable(() => import('./palette/CommandPalette').then((m) => m.CommandPalette));
export const ShortcutsHelp = preloadable(() => import('./shortcuts/ShortcutsHelp').then((m) => m.ShortcutsHelp));

/**
 * Fetches, once the browser is idle after the first page showed, what a signed-in agent most likely needs
 * next: the two dialogs, so opening them later waits for no download. Nothing on screen waits for these.
 */
export function preloadLikelyPages(): void {
  const run = () => {
    CommandPalette.preload();
    ShortcutsHelp.preload();
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3_000 });
  else setTimeout(run, 1_000);
}
