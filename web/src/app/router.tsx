import { RouterProvider, createHashRouter, type RouteObject } from 'react-router';
import SignInPage from '../features/auth/sign-in-page';
import LandingPage from '../features/landing/landing-page';
import PrivacyPage from '../features/landing/privacy-page';
import TermsPage from '../features/landing/terms-page';
import { setUnauthorizedHandler } from '../lib/api-client';
import { RedirectIfSignedIn, RequireRole, RequireSession } from './guards';
import { PageLoader } from './page-loader';
import { RouteError } from './route-error';

type PageModule = Promise<{ default: React.ComponentType }>;
/**
 * The public pages are part of the first download: a visitor sees them without a second round
 * of requests. Every signed-in page is its own chunk, loaded with the signed-in frame.
 */
const page = (load: () => PageModule) => async () => ({ Component: (await load()).default });

const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { path: '/', Component: LandingPage },
      { path: '/privacy', Component: PrivacyPage },
      { path: '/terms', Component: TermsPage },
      {
        element: <RedirectIfSignedIn />,
        children: [{ path: '/signin', Component: SignInPage }],
      },
      {
        element: <RequireSession />,
        children: [
          {
            lazy: page(() => import('./layout/app-layout')),
            children: [
              {
                path: '/dashboard',
                lazy: page(() => import('../features/dashboard/dashboard-page')),
              },
              { path: '/staff', lazy: page(() => import('../features/staff/staff-page')) },
              { path: '/create', lazy: page(() => import('../features/staff/create-staff-page')) },
              { path: '/metrics', lazy: page(() => import('../features/metrics/metrics-page')) },
              {
                path: '/metric-setup',
                lazy: page(() => import('../features/metric-setup/metric-setup-page')),
              },
              { path: '/bonuses', lazy: page(() => import('../features/bonuses/bonuses-page')) },
              {
                path: '/responses',
                lazy: page(() => import('../features/responses/responses-page')),
              },
              {
                path: '/my-metrics',
                lazy: page(() => import('../features/my-records/my-metrics-page')),
              },
              {
                path: '/my-bonuses',
                lazy: page(() => import('../features/my-records/my-bonuses-page')),
              },
              { path: '/top10', lazy: page(() => import('../features/top10/top10-page')) },
              {
                path: '/average-scores',
                lazy: page(() => import('../features/average-scores/average-scores-page')),
              },
              {
                element: <RequireRole role="admin" />,
                children: [
                  { path: '/users', lazy: page(() => import('../features/users/users-page')) },
                  { path: '/audit', lazy: page(() => import('../features/audit/audit-page')) },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: page(() => import('./not-found-page')) },
    ],
  },
];

const router = createHashRouter(routes);

// An API answer of 401 has already cleared the session; send the person to sign in again.
setUnauthorizedHandler(() => void router.navigate('/signin', { replace: true }));

export function AppRouter() {
  return <RouterProvider router={router} />;
}
