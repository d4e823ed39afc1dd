import { Notifications, notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../lib/session-storage';
import { stubFetch, type StubbedResponse } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import MetricsPage from './metrics-page';

vi.setConfig({ testTimeout: 30_000 });

const MANAGER = {
  id: 1,
  email: 'max@example.com',
  firstname: 'Max',
  lastname: 'Manager',
  first_name: 'Max',
  last_name: 'Manager',
  user_type: 'manager' as const,
  employee_id: null,
};

function metricType(
  id: number,
  name: string,
  min: number | null,
  max: number | null,
  unit = 'points',
) {
  return {
    id,
    metric_name: name,
    description: null,
    measurement_unit: unit,
    minimum_value: min,
    maximum_value: max,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

const ATTENDANCE = metricType(1, 'Attendance', 1, 50);
const QUALITY = metricType(2, 'Quality', null, null, '%');
const OVERTIME = metricType(3, 'Overtime', null, 30, 'hours');

function metric(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    user_id: 5,
    metric_type_id: 1,
    value: 42.5,
    comment: 'Steady term',
    created_at: '2026-03-14T09:00:00.000Z',
    updated_at: '2026-03-14T09:00:00.000Z',
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

const ok = (data: unknown, status = 200): StubbedResponse => ({
  status,
  body: { success: true, message: 'ok', data },
});
const listOf = (metrics: unknown[], total = metrics.length) =>
  ok({ performance_metrics: metrics, pagination: { page: 1, limit: 25, total } });

const TYPES_URL = 'GET /api/metric-types?limit=1000&sort=metric_name&order=asc';
const LIST_URL = 'GET /api/performance-metrics?page=1&limit=25';
const EMPLOYEES_URL = 'GET /api/employees?page=1&limit=20&sort=last_name&order=asc';
const EMPLOYEES = ok({
  employees: [{ id: 5, first_name: 'Kim', last_name: 'Lee', email: 'kim.lee@example.com' }],
  pagination: { page: 1, limit: 20, total: 1 },
});

function renderPage(routes: Record<string, StubbedResponse>) {
  writeSession({ token: 'token', user: MANAGER });
  const calls = stubFetch({
    [TYPES_URL]: ok({
      metric_types: [ATTENDANCE, QUALITY, OVERTIME],
      pagination: { page: 1, limit: 1000, total: 3 },
    }),
    [EMPLOYEES_URL]: EMPLOYEES,
    ...routes,
  });
  renderWithProviders(
    <>
      <Notifications />
      <MetricsPage />
    </>,
    { path: '/metrics' },
  );
  return calls;
}

async function choose(label: string, option: string | RegExp) {
  const events = userEvent.setup();
  await events.click(screen.getByRole('combobox', { name: label }));
  // Mantine's dropdown counts as hidden in jsdom (no layout), hence `hidden: true`.
  const listbox = await screen.findByRole('listbox', { name: label, hidden: true });
  await events.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

describe('Performance Metrics', () => {
  it('shows the table of SPEC.md and hides rows whose employee or metric type is unknown', async () => {
    renderPage({
      [LIST_URL]: listOf([
        metric(1),
        metric(2, { metric_name: '', metric_type_name: '', value: 11 }),
        metric(3, { first_name: '', last_name: '', value: 12 }),
        metric(4, {
          value: 7,
          comment: null,
          metric_name: 'Quality',
          unit: '%',
          measurement_unit: '%',
        }),
      ]),
    });
    expect(screen.getByText('Loading performance metrics...')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent(/User.*Email.*Metric Type.*Units.*Value.*Date.*Actions/);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Kim Lee');
    expect(rows[1]).toHaveTextContent('kim.lee@example.com');
    expect(rows[1]).toHaveTextContent('Attendance');
    expect(rows[1]).toHaveTextContent('points');
    expect(rows[1]).toHaveTextContent('42.5');
    expect(rows[1]).toHaveTextContent('3/14/2026');
    expect(rows[2]).toHaveTextContent('Quality');
    expect(within(table).queryByText('11')).toBeNull();
    expect(within(table).queryByText('12')).toBeNull();
  });

  it('says "No performance metrics found" when there are none', async () => {
    renderPage({ [LIST_URL]: listOf([]) });
    expect(await screen.findByText('No performance metrics found')).toBeInTheDocument();
  });

  it('shows "Failed to load required data" when the first load fails', async () => {
    renderPage({ [LIST_URL]: { status: 500, body: { success: false, message: 'Database down' } } });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Error: Failed to load required data');
    expect(banner).toHaveTextContent('Database down');
    expect(screen.getByText('No performance metrics found')).toBeInTheDocument();
  });

  it('filters on the server by user and by metric type', async () => {
    const calls = renderPage({
      [LIST_URL]: listOf([metric(1)], 60),
      'GET /api/performance-metrics?page=1&limit=25&user_id=5': listOf([metric(1)]),
      'GET /api/performance-metrics?page=1&limit=25&user_id=5&metric_type_id=2': listOf([]),
    });
    await screen.findByRole('table');
    await choose('Filter by user', /Kim Lee/);
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain(
        '/api/performance-metrics?page=1&limit=25&user_id=5',
      ),
    );
    await choose('Filter by metric type', 'Quality');
    expect(await screen.findByText('No performance metrics found')).toBeInTheDocument();
  });

  it('shows the type’s range error and sends nothing when the value is outside it', async () => {
    const calls = renderPage({
      [LIST_URL]: listOf([]),
      'POST /api/performance-metrics': ok({ performance_metric: metric(9, { value: 45 }) }, 201),
    });
    const events = userEvent.setup();
    await screen.findByText('No performance metrics found');
    await events.click(screen.getByRole('button', { name: 'Add Metric' }));
    const form = await screen.findByRole('dialog', { name: 'Add Performance Metric' });

    await events.click(within(form).getByRole('button', { name: 'Add Metric' }));
    expect(within(form).getByText('User is required')).toBeInTheDocument();
    expect(within(form).getByText('Metric type is required')).toBeInTheDocument();
    expect(within(form).getByText('Value is required')).toBeInTheDocument();

    await choose('User', /Kim Lee/);
    await choose('Metric Type', 'Attendance');
    expect(within(form).getByText('Allowed values: 1 to 50')).toBeInTheDocument();
    const value = within(form).getByRole('spinbutton', { name: /^Value/ });
    await events.type(value, '75');
    await events.click(within(form).getByRole('button', { name: 'Add Metric' }));
    expect(within(form).getByText('Value must be between 1 and 50')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await events.clear(value);
    await events.type(value, '45');
    await events.type(within(form).getByRole('textbox', { name: 'Comment' }), 'Good month');
    await events.type(within(form).getByLabelText(/Recorded On/), '2026-01-15');
    const before = calls.filter(
      (call) => call.path === '/api/performance-metrics?page=1&limit=25',
    ).length;
    await events.click(within(form).getByRole('button', { name: 'Add Metric' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Performance Metric' })).toBeNull(),
    );
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      user_id: 5,
      metric_type_id: 1,
      value: 45,
      comment: 'Good month',
      created_at: '2026-01-15',
    });
    // The list reloads after the save.
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path === '/api/performance-metrics?page=1&limit=25').length,
      ).toBeGreaterThan(before),
    );
  });

  it('says the range that applies: the 1 to 100 scale narrowed by the type’s bounds', async () => {
    renderPage({ [LIST_URL]: listOf([]) });
    const events = userEvent.setup();
    await screen.findByText('No performance metrics found');
    await events.click(screen.getByRole('button', { name: 'Add Metric' }));
    const form = await screen.findByRole('dialog', { name: 'Add Performance Metric' });
    const value = within(form).getByRole('spinbutton', { name: /^Value/ });
    expect(within(form).getByText('1 to 100, in steps of 0.01')).toBeInTheDocument();

    // A type without bounds takes the whole scale: never "no minimum to no maximum".
    await choose('Metric Type', 'Quality');
    expect(within(form).getByText('Allowed values: 1 to 100')).toBeInTheDocument();
    expect(within(form).queryByText(/no minimum|no maximum/)).toBeNull();
    expect(within(form).getByText('In steps of 0.01')).toBeInTheDocument();
    expect(within(form).queryByText('1 to 100, in steps of 0.01')).toBeNull();
    expect(value).toHaveAttribute('min', '1');
    expect(value).toHaveAttribute('max', '100');

    await choose('Metric Type', 'Overtime');
    expect(within(form).getByText('Allowed values: 1 to 30')).toBeInTheDocument();
    expect(value).toHaveAttribute('max', '30');
  });

  it('says "no minimum" in the range error and checks the 1 to 100 scale first', async () => {
    const calls = renderPage({ [LIST_URL]: listOf([]) });
    const events = userEvent.setup();
    await screen.findByText('No performance metrics found');
    await events.click(screen.getByRole('button', { name: 'Add Metric' }));
    const form = await screen.findByRole('dialog', { name: 'Add Performance Metric' });
    await choose('User', /Kim Lee/);
    await choose('Metric Type', 'Overtime');
    expect(within(form).getByText('Allowed values: 1 to 30')).toBeInTheDocument();
    const value = within(form).getByRole('spinbutton', { name: /^Value/ });
    await events.type(value, '40');
    await events.click(within(form).getByRole('button', { name: 'Add Metric' }));
    expect(within(form).getByText('Value must be between no minimum and 30')).toBeInTheDocument();
    await events.clear(value);
    await events.type(value, '150');
    await events.click(within(form).getByRole('button', { name: 'Add Metric' }));
    expect(within(form).getByText('Value must be between 1 and 100')).toBeInTheDocument();
    await events.clear(value);
    await events.type(value, '12.345');
    await events.click(within(form).getByRole('button', { name: 'Add Metric' }));
    expect(
      within(form).getByText('Value must have at most two decimal places'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('keeps what was typed when the server refuses the value', async () => {
    renderPage({
      [LIST_URL]: listOf([]),
      'POST /api/performance-metrics': {
        status: 400,
        body: {
          success: false,
          message: 'Value must be between 1 and 40',
          errors: [{ field: 'value', message: 'Value must be between 1 and 40' }],
        },
      },
    });
    const events = userEvent.setup();
    await screen.findByText('No performance metrics found');
    await events.click(screen.getByRole('button', { name: 'Add Metric' }));
    const form = await screen.findByRole('dialog', { name: 'Add Performance Metric' });
    await choose('User', /Kim Lee/);
    await choose('Metric Type', 'Attendance');
    await events.type(within(form).getByRole('spinbutton', { name: /^Value/ }), '45');
    await events.click(within(form).getByRole('button', { name: 'Add Metric' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Error: Value must be between 1 and 40',
    );
    expect(within(form).getByRole('spinbutton', { name: /^Value/ })).toHaveValue(45);
    expect(within(form).getByRole('combobox', { name: 'User' })).toHaveValue('Kim Lee');
  });

  it('edits only the value and comment; metric type and units are read-only', async () => {
    const calls = renderPage({
      [LIST_URL]: listOf([metric(1)]),
      'PUT /api/performance-metrics/1': ok({ performance_metric: metric(1, { value: 48 }) }),
    });
    const events = userEvent.setup();
    await screen.findByRole('table');
    await events.click(
      screen.getByRole('button', { name: 'Edit Attendance of Kim Lee on 3/14/2026' }),
    );
    const form = await screen.findByRole('dialog', { name: 'Edit Performance Metric' });
    const type = within(form).getByRole('textbox', { name: 'Metric Type' });
    const units = within(form).getByRole('textbox', { name: 'Units' });
    expect(type).toHaveValue('Attendance');
    expect(type).toHaveAttribute('readonly');
    expect(units).toHaveValue('points');
    expect(units).toHaveAttribute('readonly');
    expect(within(form).getByRole('textbox', { name: 'User' })).toHaveAttribute('readonly');
    expect(within(form).queryByRole('combobox')).toBeNull();
    expect(within(form).getByText('Allowed values: 1 to 50, in steps of 0.01')).toBeInTheDocument();

    const value = within(form).getByRole('spinbutton', { name: /^Value/ });
    expect(value).toHaveValue(42.5);
    await events.clear(value);
    await events.type(value, '60');
    await events.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(within(form).getByText('Value must be between 1 and 50')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await events.clear(value);
    await events.type(value, '48');
    await events.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Performance Metric' })).toBeNull(),
    );
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      metric_type_id: 1,
      user_id: 5,
      value: 48,
      comment: 'Steady term',
    });
    // Every save says it worked, as recording and deleting do.
    expect(await screen.findByText('Performance metric updated')).toBeInTheDocument();
  });

  it('confirms before deleting and reloads the list', async () => {
    const calls = renderPage({
      [LIST_URL]: listOf([metric(1)]),
      'DELETE /api/performance-metrics/1': ok({ id: 1 }),
    });
    const events = userEvent.setup();
    await screen.findByRole('table');
    await events.click(
      screen.getByRole('button', { name: 'Delete Attendance of Kim Lee on 3/14/2026' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Delete Performance Metric' });
    expect(confirm).toHaveTextContent(
      'Are you sure you want to delete Attendance of 42.5 points for Kim Lee?',
    );
    expect(confirm).toHaveTextContent('This action cannot be undone.');
    await events.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path === '/api/performance-metrics?page=1&limit=25'),
      ).toHaveLength(2),
    );
  });

  it('sends an employee to their own view-only list', async () => {
    writeSession({ token: 'token', user: { ...MANAGER, user_type: 'employee', employee_id: 5 } });
    const calls = stubFetch({});
    renderWithProviders(
      <Routes>
        <Route path="/metrics" element={<MetricsPage />} />
        <Route path="/my-metrics" element={<p>My metrics</p>} />
      </Routes>,
      { path: '/metrics' },
    );
    expect(await screen.findByText('My metrics')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
