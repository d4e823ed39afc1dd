import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '#contract/auth';
import { bonusStatusQuery } from './get-bonus-status';
import { employeeDashboardQuery } from './get-employee-dashboard';
import { hrChartsQuery } from './get-hr-charts';
import { hrMetricsQuery } from './get-hr-metrics';
import { recentBonusesQuery } from './get-recent-bonuses';
import { recentMetricsQuery } from './get-recent-metrics';
import { top10StatusQuery } from './get-top10-status';

/**
 * Starts the calls the dashboard makes on its first render (first-calls.ts), for the user's
 * role, so they run while the dashboard's code downloads instead of after it (entering the
 * route calls this and does not wait). The page's own hooks then find the answers, or the calls
 * in flight, in the cache.
 */
export function prefetchDashboard(queryClient: QueryClient, user: SessionUser): void {
  if (user.user_type !== 'employee') {
    void queryClient.prefetchQuery(hrMetricsQuery);
    void queryClient.prefetchQuery(hrChartsQuery);
    return;
  }
  void queryClient.prefetchQuery(employeeDashboardQuery);
  void queryClient.prefetchQuery(recentMetricsQuery);
  void queryClient.prefetchQuery(recentBonusesQuery);
  // The toasts' two.
  void queryClient.prefetchQuery(bonusStatusQuery);
  void queryClient.prefetchQuery(top10StatusQuery);
}
