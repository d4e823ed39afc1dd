import { RouterProvider, createHashRouter, type RouteObject } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';
import { TitledOutlet, type RouteHandle } from './document-title';
import { RedirectIfSignedIn, RequireRole, RequireSession } from './guards';
import { PageLoader } from './page-loader';
import { RouteError } from './route-error';

type PageModule = Promise<{ default: React.ComponentType }>;
/** Every page is its own chunk: the landing and sign-in pages load nothing they do not show. */
const page = (load: () => PageModule) => async () => ({ Component: (await load()).default });
/** The screen's name in the browser tab's title. */
const titled = (title: string): { handle: RouteHandle } => ({ handle: { title } });

const routes: RouteObject[] = [
  {
    element: <TitledOutlet />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { path: '/', lazy: page(() => import('../features/landing/landing-page')) },
      {
        path: '/privacy',
        ...titled('Privacy Policy'),
        lazy: page(() => import('../features/landing/privacy-page')),
      },
      {
        path: '/terms',
        ...titled('Terms of Service'),
        lazy: page(() => import('../features/landing/terms-page')),
      },
      {
        element: <RedirectIfSignedIn />,
        children: [
          {
            path: '/signin',
            ...titled('Sign in'),
            lazy: page(() => import('../features/auth/sign-in-page')),
          },
        ],
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

const router = createHashRouter(routes);

// An API answer of 401 has already cleared the session; send the person to sign in again.
setUnauthorizedHandler(() => void router.navigate('/signin', { replace: true }));

export function AppRouter() {
  return <RouterProvider router={router} />;
}
