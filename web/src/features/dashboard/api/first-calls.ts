import type { UserType } from '#contract/roles';

/**
 * The GET calls (paths under /api) the dashboard makes on its first render, per role. The page's
 * inline script starts them beside the code's downloads for a signed-in visitor who opens the
 * dashboard (scripts/signed-in-preload.mjs), and the route starts them on entering it
 * (prefetch-dashboard.ts; a test checks the two lists agree).
 */
export const DASHBOARD_FIRST_CALLS: Record<UserType, readonly string[]> = {
  admin: ['/hr/metrics', '/hr/charts'],
  manager: ['/hr/metrics', '/hr/charts'],
  employee: [
    '/employees/dashboard',
    '/employees/my-performance-metrics?limit=5',
    '/employees/my-bonuses?limit=5',
    // The toasts' two.
    '/employees/has-bonuses',
    '/employees/top10-status',
  ],
};
