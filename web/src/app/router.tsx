import { Suspense, lazy, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import {
  HashRouter,
  matchRoutes,
  useLocation,
  useNavigate,
  useRoutes,
  type Location,
  type RouteObject,
} from 'react-router';
import { prefetchDashboard } from '../features/dashboard/api/prefetch-dashboard';
import SignInPage from '../features/auth/sign-in-page';
import LandingPage from '../features/landing/landing-page';
import PrivacyPage from '../features/landing/privacy-page';
import TermsPage from '../features/landing/terms-page';
import { setUnauthorizedHandler } from '../lib/api-client';
import { readSession } from '../lib/session-storage';
import { useDocumentTitle, type RouteHandle } from './document-title';
import { RedirectIfSignedIn, RequireHr, RequireRole, RequireSession } from './guards';
import { PageLoader } from './page-loader';
import { queryClient } from './query-client';
import { RouteErrorBoundary } from './route-error';

/** A page whose code is a chunk of its own: its component, and what starts downloading it. */
interface LazyPage {
  Component: ComponentType;
  load: () => Promise<unknown>;
}

/**
 * The public pages are part of the first download: a visitor sees them without a second round
 * of requests. Every signed-in page is its own chunk, loaded with the signed-in frame.
 */
const page = (load: () => Promise<{ default: ComponentType }>): LazyPage => {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const loadOnce = () => (loading ??= load());
  return { Component: lazy(loadOnce), load: loadOnce };
};
/** The screen's name in the browser tab's title. */
const titled = (title: string): { handle: RouteHandle } => ({ handle: { title } });

/**
 * The dashboard's calls, started with its code rather than after its first render (the first
 * screen after sign-in, and what a signed-in visitor opens). Nothing waits for them; the page
 * shows its skeletons until they answer.
 */
function startDashboardCalls() {
  const session = readSession();
  // Refused until a one-time password is changed: the form that changes it shows instead.
  if (session && !session.user.must_change_password) prefetchDashboard(queryClient, session.user);
}

/**
 * A route of the table below: React Router's own fields, a lazy page's code (`lazy`), and calls
 * to start whenever the route is entered (`startCalls`).
 */
interface AppRoute {
  path?: string;
  handle?: RouteHandle;
  Component?: ComponentType;
  element?: ReactNode;
  lazy?: LazyPage;
  startCalls?: () => void;
  children?: AppRoute[];
}

const table: AppRoute[] = [
  { path: '/', Component: LandingPage },
  { path: '/privacy', ...titled('Privacy Policy'), Component: PrivacyPage },
  { path: '/terms', ...titled('Terms of Service'), Component: TermsPage },
  {
    element: <RedirectIfSignedIn />,
    children: [{ path: '/signin', ...titled('Sign in'), Component: SignInPage }],
  },
  {
    element: <RequireSession />,
    children: [
      {
        lazy: page(() => import('./layout/app-layout')),
        children: [
          {
            path: '/dashboard',
            ...titled('Dashboard'),
            lazy: page(() => import('../features/dashboard/dashboard-page')),
            startCalls: startDashboardCalls,
          },
          {
            element: <RequireHr />,
            children: [
              {
                path: '/staff',
                ...titled('Staff Management'),
                lazy: page(() => import('../features/staff/staff-page')),
              },
              {
                path: '/create',
                ...titled('Add New Staff Member'),
                lazy: page(() => import('../features/staff/create-staff-page')),
              },
            ],
          },
          {
            path: '/metrics',
            ...titled('Performance Metrics'),
            lazy: page(() => import('../features/metrics/metrics-page')),
          },
          {
            path: '/metric-setup',
            ...titled('Metric Setup'),
            lazy: page(() => import('../features/metric-setup/metric-setup-page')),
          },
          {
            path: '/bonuses',
            ...titled('Bonus Management'),
            lazy: page(() => import('../features/bonuses/bonuses-page')),
          },
          {
            path: '/responses',
            ...titled('Actions'),
            lazy: page(() => import('../features/responses/responses-page')),
          },
          {
            path: '/my-metrics',
            ...titled('Your Performance Metrics'),
            lazy: page(() => import('../features/my-records/my-metrics-page')),
          },
          {
            path: '/my-bonuses',
            ...titled('Your Bonuses'),
            lazy: page(() => import('../features/my-records/my-bonuses-page')),
          },
          {
            path: '/top10',
            ...titled('Top 10 Performers'),
            lazy: page(() => import('../features/top10/top10-page')),
          },
          {
            path: '/average-scores',
            ...titled('Average Scores'),
            lazy: page(() => import('../features/average-scores/average-scores-page')),
          },
          {
            element: <RequireRole role="admin" />,
            children: [
              {
                path: '/users',
                ...titled('User Management'),
                lazy: page(() => import('../features/users/users-page')),
              },
              {
                path: '/audit',
                ...titled('Audit Trails'),
                lazy: page(() => import('../features/audit/audit-page')),
              },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', ...titled('Page not found'), lazy: page(() => import('./not-found-page')) },
];

/** The table as React Router reads it: a lazy page becomes its component, the rest its handle. */
function toRouteObject({
  lazy: code,
  startCalls,
  handle,
  children,
  ...route
}: AppRoute): RouteObject {
  const enter =
    code || startCalls
      ? () => {
          void code?.load();
          startCalls?.();
        }
      : undefined;
  return {
    ...route,
    Component: code?.Component ?? route.Component,
    handle: { ...handle, enter },
    children: children?.map(toRouteObject),
  };
}

const routes = table.map(toRouteObject);

/**
 * Entering a route starts the code of every page it shows (the signed-in frame and the page
 * inside it, side by side rather than one after the other) and the calls it makes. Done while
 * rendering the new address, as React.lazy itself starts a download, once per visit: the router
 * makes a new location object for each.
 */
let entered: Location | undefined;
function enterMatchedRoutes(location: Location, matches: ReturnType<typeof matchRoutes>) {
  if (location === entered) return;
  entered = location;
  for (const match of matches ?? []) (match.route.handle as RouteHandle | undefined)?.enter?.();
}

function AppRoutes() {
  const location = useLocation();
  const matches = useMemo(() => matchRoutes(routes, location), [location]);
  enterMatchedRoutes(location, matches);
  useDocumentTitle(matches);
  const element = useRoutes(routes, location);
  return (
    <RouteErrorBoundary pathname={location.pathname}>
      <Suspense fallback={<PageLoader />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * An API answer of 401 has already cleared the session; send the person to sign in again (the
 * page says their session ended), and forget what the ended session read, as signing out does:
 * none of it may show to whoever signs in next at this browser.
 */
function SignInAgainOnUnauthorized() {
  const navigate = useNavigate();
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        void navigate('/signin', { replace: true });
        queryClient.clear();
      }),
    [navigate],
  );
  return null;
}

/**
 * The app's screens. React Router's declarative hash router, not its data router: the data
 * router's code (loaders, actions, fetchers, revalidation; none of it used here) was 15 KB of
 * the entry's brotli bytes, and creating it a task of 30 ms or more of a phone's CPU before the
 * first screen could render.
 */
export function AppRouter() {
  return (
    <HashRouter>
      <SignInAgainOnUnauthorized />
      <AppRoutes />
    </HashRouter>
  );
}
