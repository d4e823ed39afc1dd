import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../lib/session-storage';
import { stubFetch, type StubbedResponse } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import MyBonusesPage from './my-bonuses-page';
import MyMetricsPage from './my-metrics-page';

vi.setConfig({ testTimeout: 30_000 });

const EMPLOYEE = {
  id: 7,
  email: 'kim.lee@example.com',
  firstname: 'Kim',
  lastname: 'Lee',
  first_name: 'Kim',
  last_name: 'Lee',
  user_type: 'employee' as const,
  employee_id: 5,
};

const ok = (data: unknown): StubbedResponse => ({ body: { success: true, message: 'ok', data } });
const METRICS_URL = 'GET /api/employees/my-performance-metrics';
const BONUSES_URL = 'GET /api/employees/my-bonuses';

function metric(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    user_id: 5,
    metric_type_id: 1,
    value: 42.5,
    comment: null,
    created_at: '2026-03-14T09:05:00.000Z',
    updated_at: '2026-03-20T16:30:00.000Z',
    metric_name: 'Attendance',
    metric_type_name: 'Attendance',
    measurement_unit: 'points',
    unit: 'points',
    first_name: 'Kim',
    last_name: 'Lee',
    email: 'kim.lee@example.com',
    ...extra,
  };
}

function render(ui: React.ReactElement, routes: Record<string, StubbedResponse>) {
  writeSession({ token: 'token', user: EMPLOYEE });
  stubFetch(routes);
  renderWithProviders(ui);
}

const local = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'numeric',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

afterEach(() => vi.unstubAllGlobals());

describe('Your Performance Metrics', () => {
  it('shows each value as a view-only card with its name, value, unit and times', async () => {
    render(<MyMetricsPage />, {
      [METRICS_URL]: ok({
        performance_metrics: [
          metric(1),
          metric(2, { metric_name: '', metric_type_name: '', unit: null, measurement_unit: null }),
        ],
        pagination: { page: 1, limit: 1000, total: 2 },
      }),
    });
    expect(screen.getByText('Loading performance metrics...')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your Performance Metrics' }),
    ).toBeVisible();
    expect(screen.getByText('View Only')).toBeInTheDocument();
    const card = await screen.findByRole('listitem', { name: 'Attendance' });
    expect(within(card).getByRole('heading', { name: 'Attendance' })).toBeInTheDocument();
    expect(card).toHaveTextContent('42.5');
    expect(card).toHaveTextContent('points');
    expect(within(card).getByText('Recorded')).toBeInTheDocument();
    expect(card).toHaveTextContent(`Recorded: ${local('2026-03-14T09:05:00.000Z')}`);
    expect(card).toHaveTextContent(`Updated: ${local('2026-03-20T16:30:00.000Z')}`);
    expect(screen.getByRole('listitem', { name: 'Unknown Metric' })).toBeInTheDocument();
    // View only: nothing to change or remove.
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says when nothing has been recorded yet', async () => {
    render(<MyMetricsPage />, {
      [METRICS_URL]: ok({
        performance_metrics: [],
        pagination: { page: 1, limit: 1000, total: 0 },
      }),
    });
    expect(await screen.findByText('No performance metrics recorded yet.')).toBeInTheDocument();
  });

  it('shows a failed load as "Error: {message}"', async () => {
    render(<MyMetricsPage />, {
      [METRICS_URL]: { status: 500, body: { success: false, message: 'Server busy' } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Server busy');
  });
});

describe('Your Bonuses', () => {
  it('shows each bonus as a view-only card with its name, description and times', async () => {
    render(<MyBonusesPage />, {
      [BONUSES_URL]: ok({
        bonuses: [
          {
            id: 1,
            employee_id: 5,
            bonus_name: 'Spring award',
            description: 'For the new lab course',
            created_at: '2026-03-14T09:05:00.000Z',
            updated_at: '2026-03-20T16:30:00.000Z',
            first_name: 'Kim',
            last_name: 'Lee',
            email: 'kim.lee@example.com',
          },
        ],
        pagination: { page: 1, limit: 1000, total: 1 },
      }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Your Bonuses' })).toBeVisible();
    expect(screen.getByText('View Only')).toBeInTheDocument();
    const card = await screen.findByRole('listitem', { name: 'Spring award' });
    expect(card).toHaveTextContent('For the new lab course');
    expect(within(card).getByText('Awarded')).toBeInTheDocument();
    expect(card).toHaveTextContent(`Awarded: ${local('2026-03-14T09:05:00.000Z')}`);
    expect(card).toHaveTextContent(`Updated: ${local('2026-03-20T16:30:00.000Z')}`);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says when no bonus has been awarded yet', async () => {
    render(<MyBonusesPage />, {
      [BONUSES_URL]: ok({ bonuses: [], pagination: { page: 1, limit: 1000, total: 0 } }),
    });
    expect(await screen.findByText('No bonuses awarded yet.')).toBeInTheDocument();
  });
});
