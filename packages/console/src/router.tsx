import type { QueryClient } from '@tanstack/react-query';
import { parseSearch, stringifySearch } from './search-params';
import { createRootRouteWithContext, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { LoginPage } from './auth/LoginPage';
import { knowledgeRoutes } from './knowledge/kb-routes';
import { Shell } from './layout/Shell';
import {
  AcceptPage,
  AdminPage,
  CustomerPage,
  NewTicketPage,
  ResetPage,
  SecurityPage,
  SetupPage,
  TicketPage,
} from './pages';
import { QueuePage } from './queue/QueuePage';
import { parseQueueSearch } from './queue/queue-search';

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({ component: () => <Outlet /> });

const tokenSearch = (search: Record<string, unknown>) => ({
  token: typeof search.token === 'string' ? search.token : '',
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (search: Record<string, unknown>) => ({
    next: typeof search.next === 'string' ? search.next : undefined,
  }),
  component: LoginPage,
});
const setupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/setup',
  validateSearch: tokenSearch,
  component: SetupPage,
});
const acceptRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/accept',
  validateSearch: tokenSearch,
  component: AcceptPage,
});
const resetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset',
  validateSearch: tokenSearch,
  component: ResetPage,
});

/** Everything behind sign-in: the shell (navigation, live stream, palette) around the page. */
const shellRoute = createRoute({ getParentRoute: () => rootRoute, id: 'signed-in', component: Shell });

const queueRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/',
  validateSearch: parseQueueSearch,
  component: QueuePage,
});
const ticketRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/tickets/$ticketId',
  component: TicketPage,
});
const customerRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/customers/$customerId',
  component: CustomerPage,
});
const newTicketRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/new',
  component: NewTicketPage,
});
const adminRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/admin/$section',
  component: AdminPage,
});
const securityRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/security',
  component: SecurityPage,
});
const profileRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/profile',
  component: SecurityPage,
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  setupRoute,
  acceptRoute,
  resetRoute,
  shellRoute.addChildren([
    queueRoute,
    ticketRoute,
    customerRoute,
    newTicketRoute,
    adminRoute,
    securityRoute,
    profileRoute,
    ...knowledgeRoutes(shellRoute),
  ]),
]);

export const router = createRouter({
  routeTree,
  basepath: '/app',
  parseSearch,
  stringifySearch,
  context: { queryClient: undefined! },
  defaultPreload: 'intent',
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
