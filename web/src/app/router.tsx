import { RouterProvider, createHashRouter, type RouteObject } from 'react-router';
import { prefetchDashboard } from '../features/dashboard/api/prefetch-dashboard';
import SignInPage from '../features/auth/sign-in-page';
import LandingPage from '../features/landing/landing-page';
import PrivacyPage from '../features/landing/privacy-page';
import TermsPage from '../features/landing/terms-page';
import { setUnauthorizedHandler } from '../lib/api-client';
import { readSession } from '../lib/session-storage';
import { TitledOutlet, type RouteHandle } from './document-title';
import { RedirectIfSignedIn, RequireRole, RequireSession } from './guards';
import { PageLoader } from './page-loader';
import { queryClient } from './query-client';
import { RouteError } from './route-error';

type PageModule = Promise<{ default: React.ComponentType }>;
/**
 * The public pages are part of the first download: a visitor sees them without a second round
 * of requests. Every signed-in page is its own chunk, loaded with the signed-in frame.
 */
const page = (load: () => PageModule) => async () => ({ Component: (await load()).default });
/** The screen's name in the browser tab's title. */
const titled = (title: string): { handle: RouteHandle } => ({ handle: { title } });

/**
 * The dashboard's loader, defined beside its `lazy` so that it runs while the page's code
 * downloads: the dashboard's calls start then, not after its first render (the first screen
 * after sign-in, and what a signed-in visitor opens). It does not wait for them; the page shows
 * its skeletons until they answer.
 */
function startDashboardCalls() {
  const session = readSession();
  if (session) prefetchDashboard(queryClient, session.user);
  return null;
}

const routes: RouteObject[] = [
  {
    element: <TitledOutlet />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
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
                loader: startDashboardCalls,
              },
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
    ],
  },
];

export type AppRouterInstance = ReturnType<typeof createHashRouter>;

/**
 * The app's router. Creating it starts the first screen's loading (its code and, for the
 * dashboard, its calls), so main.tsx creates it in a task of its own, between running the
 * modules and rendering: on a slow phone each of the three is then shorter.
 */
export function createAppRouter(): AppRouterInstance {
  const router = createHashRouter(routes);
  // An API answer of 401 has already cleared the session; send the person to sign in again.
  setUnauthorizedHandler(() => void router.navigate('/signin', { replace: true }));
  return router;
}

export function AppRouter({ router }: { router: AppRouterInstance }) {
  return <RouterProvider router={router} />;
}
