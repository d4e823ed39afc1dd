import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmployeeDashboard, HrCharts, HrMetrics } from '#contract/insights';
import { writeSession } from '../../lib/session-storage';
import { stubFetch, type StubbedResponse } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import DashboardPage from './dashboard-page';

vi.setConfig({ testTimeout: 30_000 });

// The chart library is drawn in the browser tests; here the charts' text alternatives matter.
vi.mock('./charts/dashboard-charts', () => {
  const Chart = ({ bars }: { bars: unknown[] }) => <div data-testid="chart">{bars.length}</div>;
  return {
    DepartmentAveragesChart: Chart,
    ScoreDistributionChart: Chart,
    MonthlyScoresChart: Chart,
  };
});

const USER = {
  id: 7,
  email: 'kim.lee@example.com',
  firstname: 'Kim',
  lastname: 'Lee',
  first_name: 'Kim',
  last_name: 'Lee',
  employee_id: 5,
};
const EMPLOYEE = { ...USER, user_type: 'employee' as const };
const MANAGER = { ...USER, user_type: 'manager' as const, employee_id: null };

const ok = (data: unknown): StubbedResponse => ({ body: { success: true, message: 'ok', data } });
const failure = (message: string): StubbedResponse => ({
  status: 500,
  body: { success: false, message },
});

const HR_METRICS: HrMetrics = {
  total_staff: 42,
  total_staff_from_this_month: 3,
  total_metrics: 1250,
  total_metrics_from_this_month: 87,
  bonuses_awarded: 12,
  bonuses_awarded_this_month: 0,
  staff_with_metrics: 40,
  metric_types: 4,
  recent_employees: [
    {
      id: 1,
      first_name: 'Ada',
      last_name: 'Okafor',
      position: 'Lecturer',
      department: 'CIT',
      email: 'ada@example.com',
      join_date: '2026-03-14',
    },
  ],
};

const HR_CHARTS: HrCharts = {
  department_averages: [
    {
      department: 'CIT',
      staff_count: 20,
      scored_staff_count: 19,
      metric_count: 600,
      average_score: 81.25,
    },
    {
      department: 'Commerce',
      staff_count: 22,
      scored_staff_count: 21,
      metric_count: 650,
      average_score: 58,
    },
  ],
  score_distribution: [
    { band: 'Excellent', staff_count: 10 },
    { band: 'Good', staff_count: 15 },
    { band: 'Fair', staff_count: 10 },
    { band: 'Poor', staff_count: 5 },
    { band: 'No Data', staff_count: 2 },
  ],
};

function dashboard(overrides: Partial<EmployeeDashboard> = {}): EmployeeDashboard {
  return {
    average_score_this_semester: 75.5,
    average_score_last_semester: 70,
    this_semester: { first_month: '2026-01', last_month: '2026-06', metric_count: 6 },
    last_semester: { first_month: '2025-07', last_month: '2025-12', metric_count: 5 },
    monthly_scores: [
      { month: '2026-01', average_score: 0, metric_count: 0 },
      { month: '2026-02', average_score: 75.5, metric_count: 6 },
    ],
    total_metrics: 11,
    metrics_this_month: 2,
    total_bonuses: 3,
    bonuses_this_month: 1,
    ...overrides,
  };
}

const metric = (id: number) => ({
  id,
  user_id: 5,
  metric_type_id: 1,
  value: 72.5,
  comment: null,
  created_at: '2026-02-14T09:05:00.000Z',
  updated_at: '2026-02-14T09:05:00.000Z',
  metric_name: `Teaching ${id}`,
  metric_type_name: `Teaching ${id}`,
  measurement_unit: '%',
  unit: '%',
  first_name: 'Kim',
  last_name: 'Lee',
  email: 'kim.lee@example.com',
});
const bonus = (id: number) => ({
  id,
  employee_id: 5,
  bonus_name: `Award ${id}`,
  description: `For good work ${id}`,
  created_at: '2026-02-14T09:05:00.000Z',
  updated_at: '2026-02-14T09:05:00.000Z',
  first_name: 'Kim',
  last_name: 'Lee',
  email: 'kim.lee@example.com',
});

function employeeRoutes(
  options: { rank?: number | null; bonusCount?: number; data?: EmployeeDashboard } = {},
): Record<string, StubbedResponse> {
  const bonusCount = options.bonusCount ?? 0;
  const rank = options.rank ?? null;
  return {
    'GET /api/employees/dashboard': ok(options.data ?? dashboard()),
    'GET /api/employees/my-performance-metrics?limit=5': ok({
      performance_metrics: [1, 2, 3, 4, 5].map(metric),
      pagination: { page: 1, limit: 5, total: 11 },
    }),
    'GET /api/employees/my-bonuses?limit=5': ok({
      bonuses: [1, 2].map(bonus),
      pagination: { page: 1, limit: 5, total: 2 },
    }),
    'GET /api/employees/has-bonuses': ok({ has_bonuses: bonusCount > 0, bonus_count: bonusCount }),
    'GET /api/employees/top10-status': ok({
      is_in_top_10: rank !== null && rank <= 10,
      current_rank: rank,
    }),
  };
}

function renderAs(user: typeof EMPLOYEE | typeof MANAGER, routes: Record<string, StubbedResponse>) {
  writeSession({ token: `token-${user.user_type}`, user });
  const calls = stubFetch(routes);
  const view = renderWithProviders(<DashboardPage />, { path: '/dashboard' });
  return { calls, ...view };
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the HR dashboard', () => {
  it('shows the three cards with "+N this month" and the recent employees', async () => {
    renderAs(MANAGER, {
      'GET /api/hr/metrics': ok(HR_METRICS),
      'GET /api/hr/charts': ok(HR_CHARTS),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'HR Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Loading recent employees...')).toBeInTheDocument();

    const staff = screen.getByRole('group', { name: 'Total Staff' });
    await waitFor(() => expect(staff).toHaveTextContent('42'));
    expect(staff).toHaveTextContent('+3 this month');
    const metrics = screen.getByRole('group', { name: 'Active Metrics' });
    expect(metrics).toHaveTextContent('1,250');
    expect(metrics).toHaveTextContent('+87 this month');
    expect(metrics).toHaveTextContent('across 4 metric types');
    const bonuses = screen.getByRole('group', { name: 'Bonuses Awarded' });
    expect(bonuses).toHaveTextContent('12');
    expect(bonuses).toHaveTextContent('+0 this month');

    const recent = screen.getByRole('region', { name: 'Recent Employees' });
    const table = await within(recent).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Employee', 'Position', 'Department', 'Email', 'Join Date']);
    const row = within(table).getByRole('row', { name: /Ada Okafor/ });
    expect(row).toHaveTextContent('AOAda Okafor');
    expect(row).toHaveTextContent('Lecturer');
    expect(row).toHaveTextContent('CIT');
    expect(row).toHaveTextContent('ada@example.com');
    expect(row).toHaveTextContent('3/14/2026');
    expect(screen.queryByText('Loading recent employees...')).toBeNull();
  });

  it('gives each chart a text alternative with the same numbers', async () => {
    renderAs(MANAGER, {
      'GET /api/hr/metrics': ok(HR_METRICS),
      'GET /api/hr/charts': ok(HR_CHARTS),
    });
    const departments = await screen.findByRole('figure', { name: 'Average Score by Department' });
    await waitFor(() =>
      expect(departments).toHaveTextContent(
        'Highest average: CIT at 81.3%. Lowest: Commerce at 58.0%.',
      ),
    );
    // Each table is drawn when its "Show as table" is opened.
    const user = userEvent.setup();
    expect(within(departments).queryByRole('table')).toBeNull();
    await user.click(within(departments).getByText('Show as table'));
    const departmentTable = await within(departments).findByRole('table', {
      name: 'Average Score by Department',
    });
    expect(within(departmentTable).getByRole('row', { name: /CIT/ })).toHaveTextContent(
      'CIT81.3%Excellent2019',
    );
    expect(within(departmentTable).getByRole('row', { name: /Commerce/ })).toHaveTextContent(
      'Commerce58.0%Fair2221',
    );

    const bands = screen.getByRole('figure', { name: 'Staff by Performance Band' });
    expect(bands).toHaveTextContent(
      '42 staff members: 10 Excellent, 15 Good, 10 Fair, 5 Poor, 2 No Data.',
    );
    await user.click(within(bands).getByText('Show as table'));
    await within(bands).findByRole('table');
    expect(
      within(bands)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['PerformanceStaff', 'Excellent10', 'Good15', 'Fair10', 'Poor5', 'No Data2']);
    // The drawings themselves are hidden from assistive technology.
    await waitFor(() => expect(screen.getAllByTestId('chart')).toHaveLength(2));
    for (const chart of screen.getAllByTestId('chart')) {
      expect(chart.closest('[aria-hidden="true"]')).not.toBeNull();
    }
  });

  it('shows "Error loading data: {message}" when the figures cannot be loaded', async () => {
    renderAs(MANAGER, {
      'GET /api/hr/metrics': failure('Database unavailable'),
      'GET /api/hr/charts': failure('Database unavailable'),
    });
    expect(await screen.findByText('Error loading data: Database unavailable')).toBeInTheDocument();
    expect(screen.queryByText('Loading recent employees...')).toBeNull();
  });

  it('never asks for the employee toasts', async () => {
    const { calls } = renderAs(MANAGER, {
      'GET /api/hr/metrics': ok(HR_METRICS),
      'GET /api/hr/charts': ok(HR_CHARTS),
    });
    await screen.findByRole('group', { name: 'Total Staff' });
    await within(screen.getByRole('region', { name: 'Recent Employees' })).findByRole('table');
    expect(calls.map((call) => call.path).sort()).toEqual(['/api/hr/charts', '/api/hr/metrics']);
    expect(screen.queryByRole('status', { name: 'Notifications' })).toBeNull();
  });
});

describe('the employee dashboard', () => {
  it('shows the cards, the semester comparison, the recent lists and the summary', async () => {
    renderAs(EMPLOYEE, employeeRoutes());
    expect(screen.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeInTheDocument();

    // Drawn once the toasts above them are known (the next test).
    const bonuses = await screen.findByRole('group', { name: 'Total Bonuses' });
    await waitFor(() => expect(bonuses).toHaveTextContent('3'));
    expect(bonuses).toHaveTextContent('+1 this month');
    expect(screen.getByRole('group', { name: 'Performance Metrics' })).toHaveTextContent(
      '11+2 this month',
    );

    const semester = screen.getByRole('region', { name: 'Semester Performance' });
    expect(within(semester).getByRole('group', { name: 'This Semester' })).toHaveTextContent(
      '75.5%',
    );
    const last = within(semester).getByRole('group', { name: 'Last Semester' });
    expect(last).toHaveTextContent('70.0%');
    expect(last).toHaveTextContent('Previous semester baseline');
    expect(semester).toHaveTextContent(
      'Your average score improved by 5.5% compared to last semester.',
    );

    const recentMetrics = await screen.findByRole('region', { name: 'Recent Performance Metrics' });
    await waitFor(() => expect(within(recentMetrics).getAllByRole('listitem')).toHaveLength(5));
    expect(within(recentMetrics).getAllByRole('listitem')[0]).toHaveTextContent(
      'Teaching 12/14/202672.5%',
    );
    const recentBonuses = screen.getByRole('region', { name: 'Recent Bonuses' });
    await waitFor(() => expect(within(recentBonuses).getAllByRole('listitem')).toHaveLength(2));
    expect(within(recentBonuses).getAllByRole('listitem')[0]).toHaveTextContent(
      'Award 1For good work 12/14/2026',
    );

    const summary = screen.getByRole('region', { name: 'Your Performance Summary' });
    expect(within(summary).getByRole('row', { name: /Bonuses/ })).toHaveTextContent('Bonuses31');
    expect(within(summary).getByRole('row', { name: /Performance Metrics/ })).toHaveTextContent(
      'Performance Metrics112',
    );
  });

  it('says "declined by X%" and "same performance as last semester"', async () => {
    renderAs(
      EMPLOYEE,
      employeeRoutes({
        data: dashboard({ average_score_this_semester: 64.96, average_score_last_semester: 70 }),
      }),
    );
    expect(
      await screen.findByText('Your average score declined by 5.0% compared to last semester.'),
    ).toBeInTheDocument();
  });

  it('says "same performance as last semester" when the two figures read the same', async () => {
    renderAs(
      EMPLOYEE,
      employeeRoutes({
        data: dashboard({ average_score_this_semester: 70.01, average_score_last_semester: 70 }),
      }),
    );
    expect(
      await screen.findByText('You have the same performance as last semester.'),
    ).toBeInTheDocument();
  });

  it('gives the monthly chart a text alternative where empty months are gaps', async () => {
    renderAs(EMPLOYEE, employeeRoutes());
    const chart = await screen.findByRole('figure', { name: 'Your Average Score by Month' });
    await waitFor(() =>
      expect(chart).toHaveTextContent(
        'Scores in 1 of the last 2 months. Latest 75.5% in Feb 2026.',
      ),
    );
    await userEvent.setup().click(within(chart).getByText('Show as table'));
    const rows = within(await within(chart).findByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'MonthAverage scorePerformanceValues',
      'Jan 2026No valuesNo Data0',
      'Feb 202675.5%Good6',
    ]);
  });

  it('says why when its figures cannot be loaded', async () => {
    renderAs(EMPLOYEE, {
      ...employeeRoutes(),
      'GET /api/employees/dashboard': failure('Server busy'),
    });
    expect(await screen.findByText('Error: Server busy')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Total Bonuses' })).toHaveTextContent('Not available');
    expect(screen.getByRole('figure', { name: 'Your Average Score by Month' })).toHaveTextContent(
      'Not available.',
    );
  });
});

describe('the employee toasts', () => {
  it('sit in the page above the cards, which wait for them so nothing moves', async () => {
    let answer = () => undefined as void;
    const late = new Promise<void>((resolve) => (answer = resolve));
    renderAs(EMPLOYEE, {
      ...employeeRoutes({ bonusCount: 2 }),
      'GET /api/employees/has-bonuses': {
        ...ok({ has_bonuses: true, bonus_count: 2 }),
        until: late,
      },
    });
    const heading = screen.getByRole('heading', { level: 1, name: 'My Dashboard' });
    const toasts = screen.getByRole('status', { name: 'Notifications' });
    // In the page's flow, under the heading: not a box floating over the cards.
    expect(toasts).not.toHaveStyle({ position: 'fixed' });
    expect(heading.parentElement).toContainElement(toasts);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('group', { name: 'Total Bonuses' })).not.toBeInTheDocument();
    answer();
    const toast = await within(toasts).findByRole('group', { name: 'You have bonuses!' });
    const cards = await screen.findByRole('group', { name: 'Total Bonuses' });
    expect(toast.compareDocumentPosition(cards) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('draws the cards after a second when a status does not answer', async () => {
    renderAs(EMPLOYEE, {
      ...employeeRoutes(),
      'GET /api/employees/top10-status': { until: new Promise(() => undefined) },
    });
    expect(screen.queryByRole('group', { name: 'Total Bonuses' })).not.toBeInTheDocument();
    expect(
      await screen.findByRole('group', { name: 'Total Bonuses' }, { timeout: 2000 }),
    ).toHaveTextContent('3');
  });

  it('shows the bonus toast with its link, only when there are bonuses', async () => {
    renderAs(EMPLOYEE, employeeRoutes({ bonusCount: 3 }));
    const toasts = screen.getByRole('status', { name: 'Notifications' });
    const toast = await within(toasts).findByRole('group', { name: 'You have bonuses!' });
    expect(toast).toHaveTextContent('You have 3 bonuses waiting for you.');
    expect(within(toast).getByRole('link', { name: 'View Bonuses' })).toHaveAttribute(
      'href',
      '/my-bonuses',
    );
    expect(within(toast).getByRole('button', { name: 'Close bonus notification' })).toBeVisible();
  });

  it('says "1 bonus" for a single bonus and nothing without any', async () => {
    renderAs(EMPLOYEE, employeeRoutes({ bonusCount: 1 }));
    expect(await screen.findByText('You have 1 bonus waiting for you.')).toBeInTheDocument();
  });

  it('shows no toast without bonuses or a top-3 rank', async () => {
    const { calls } = renderAs(EMPLOYEE, employeeRoutes({ bonusCount: 0, rank: 4 }));
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toEqual(
        expect.arrayContaining(['/api/employees/has-bonuses', '/api/employees/top10-status']),
      ),
    );
    await screen.findByRole('group', { name: 'Total Bonuses' });
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Total Bonuses' })).toHaveTextContent('3'),
    );
    const toasts = screen.getByRole('status', { name: 'Notifications' });
    expect(toasts).toBeEmptyDOMElement();
  });

  it.each([
    [1, '1st Place Achievement!', "Congratulations! You're the #1 performer!", 'Gold medal'],
    [2, '2nd Place Achievement!', "Amazing! You're in 2nd place!", 'Silver medal'],
    [3, '3rd Place Achievement!', "Excellent! You're in 3rd place!", 'Bronze medal'],
  ])('shows the ranking toast for rank %i', async (rank, title, message, medal) => {
    renderAs(EMPLOYEE, employeeRoutes({ rank }));
    const toast = await screen.findByRole('group', { name: title });
    expect(toast).toHaveTextContent(message);
    expect(within(toast).getByRole('img', { name: medal })).toBeInTheDocument();
    expect(
      within(toast).getByRole('button', { name: 'Close ranking notification' }),
    ).toBeInTheDocument();
  });

  it('remembers a closed toast for this sign-in, and shows it again at the next one', async () => {
    const user = userEvent.setup();
    const routes = employeeRoutes({ rank: 1, bonusCount: 2 });
    const first = renderAs(EMPLOYEE, routes);
    const rankToast = await screen.findByRole('group', { name: '1st Place Achievement!' });
    await screen.findByRole('group', { name: 'You have bonuses!' });

    await user.click(within(rankToast).getByRole('button', { name: 'Close ranking notification' }));
    expect(screen.queryByRole('group', { name: '1st Place Achievement!' })).toBeNull();
    // Keyboard focus moves to the remaining toast rather than getting lost.
    expect(screen.getByRole('button', { name: 'Close bonus notification' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close bonus notification' }));
    expect(screen.getByRole('heading', { level: 1, name: 'My Dashboard' })).toHaveFocus();
    first.unmount();

    // Back on the dashboard later in the same sign-in: both stay closed.
    renderAs(EMPLOYEE, routes);
    await screen.findByRole('group', { name: 'Total Bonuses' });
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Total Bonuses' })).toHaveTextContent('3'),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('group', { name: '1st Place Achievement!' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'You have bonuses!' })).toBeNull();
    vi.unstubAllGlobals();

    // A new sign-in (a new token) shows them again.
    writeSession({ token: 'a-fresh-token', user: EMPLOYEE });
    stubFetch(routes);
    renderWithProviders(<DashboardPage />, { path: '/dashboard' });
    expect(
      await screen.findByRole('group', { name: '1st Place Achievement!' }),
    ).toBeInTheDocument();
  });

  it('shows the bonus toast again when a new bonus arrives after closing it', async () => {
    const user = userEvent.setup();
    const first = renderAs(EMPLOYEE, employeeRoutes({ bonusCount: 2 }));
    const toast = await screen.findByRole('group', { name: 'You have bonuses!' });
    await user.click(within(toast).getByRole('button', { name: 'Close bonus notification' }));
    first.unmount();
    vi.unstubAllGlobals();

    renderAs(EMPLOYEE, employeeRoutes({ bonusCount: 3 }));
    expect(await screen.findByText('You have 3 bonuses waiting for you.')).toBeInTheDocument();
  });
});
