import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DashboardPage from '../features/dashboard/dashboard-page';
import { ApiError, NetworkError } from '../lib/api-client';
import { writeSession } from '../lib/session-storage';
import { stubFetch, type StubbedResponse } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { queryClient, retryRead } from './query-client';

vi.setConfig({ testTimeout: 30_000 });

// The charts are drawn in the browser tests; only the error state matters here.
vi.mock('../features/dashboard/charts/dashboard-charts', () => ({
  DepartmentAveragesChart: () => null,
  ScoreDistributionChart: () => null,
  MonthlyScoresChart: () => null,
}));

afterEach(() => vi.unstubAllGlobals());

describe('the retry rule of every read', () => {
  it('never asks again after a refusal, and once after anything else', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) {
      expect(retryRead(0, new ApiError('No', status))).toBe(false);
    }
    for (const error of [new ApiError('Busy', 503), new ApiError('Bug', 500), new NetworkError()]) {
      expect(retryRead(0, error)).toBe(true);
      expect(retryRead(1, error)).toBe(false);
    }
  });
});

/** The HR dashboard under the app's own query rules (a cache of its own for the test). */
function openHrDashboard(answer: StubbedResponse) {
  writeSession({
    token: 'tok',
    user: {
      id: 7,
      email: 'kim.lee@example.com',
      firstname: 'Kim',
      lastname: 'Lee',
      first_name: 'Kim',
      last_name: 'Lee',
      user_type: 'manager',
      employee_id: null,
    },
  });
  const calls = stubFetch({ 'GET /api/hr/metrics': answer, 'GET /api/hr/charts': answer });
  const client = new QueryClient({ defaultOptions: queryClient.getDefaultOptions() });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <DashboardPage />
    </QueryClientProvider>,
    { path: '/dashboard' },
  );
  return () => calls.filter((call) => call.path === '/api/hr/metrics').length;
}

describe("the HR dashboard's error state", () => {
  it('shows a refusal at once, without asking again', async () => {
    const metricsCalls = openHrDashboard({
      status: 403,
      body: { success: false, message: 'Access denied' },
    });
    expect(
      await screen.findByText('Error loading data: Access denied', {}, { timeout: 500 }),
    ).toBeVisible();
    expect(metricsCalls()).toBe(1);
  });

  it('shows a server failure after one retry', async () => {
    const metricsCalls = openHrDashboard({
      status: 500,
      body: { success: false, message: 'Database unavailable' },
    });
    expect(
      await screen.findByText('Error loading data: Database unavailable', {}, { timeout: 2500 }),
    ).toBeVisible();
    expect(metricsCalls()).toBe(2);
  });
});
