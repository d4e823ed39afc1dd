import { Notifications, notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../lib/session-storage';
import { stubFetch, type StubbedResponse } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import MetricSetupPage from './metric-setup-page';

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

function metricType(id: number, name: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    metric_name: name,
    description: `${name} over the term`,
    measurement_unit: 'points',
    minimum_value: 1,
    maximum_value: 50,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

const ok = (data: unknown, status = 200): StubbedResponse => ({
  status,
  body: { success: true, message: 'ok', data },
});
const LIST_URL = 'GET /api/metric-types?page=1&limit=25&sort=metric_name&order=asc';
const UNITS = {
  'GET /api/metric-types/units': ok({ measurement_units: ['%', 'hours', 'points', 'score'] }),
};
const listOf = (types: unknown[]) =>
  ok({ metric_types: types, pagination: { page: 1, limit: 25, total: types.length } });

function renderPage(routes: Record<string, StubbedResponse>) {
  writeSession({ token: 'token', user: MANAGER });
  const calls = stubFetch({ ...UNITS, ...routes });
  renderWithProviders(
    <>
      <Notifications />
      <MetricSetupPage />
    </>,
    { path: '/metric-setup' },
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

describe('Metric Setup', () => {
  it('shows the table with N/A for empty bounds, unit and description', async () => {
    renderPage({
      [LIST_URL]: listOf([
        metricType(1, 'Attendance'),
        metricType(2, 'Quality', {
          description: null,
          measurement_unit: null,
          minimum_value: null,
          maximum_value: null,
        }),
        metricType(3, 'Overtime', { minimum_value: 0, maximum_value: null }),
      ]),
    });
    expect(screen.getByText('Loading metric types...')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent(
      /Metric Name.*Description.*Unit.*Min Value.*Max Value.*Actions/,
    );
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[1]!).slice(0, 5)).toEqual([
      'Attendance',
      'Attendance over the term',
      'points',
      '1',
      '50',
    ]);
    expect(cells(rows[2]!).slice(0, 5)).toEqual(['Quality', 'N/A', 'N/A', 'N/A', 'N/A']);
    expect(cells(rows[3]!).slice(3, 5)).toEqual(['0', 'N/A']);
  });

  it('shows "Failed to load required data" when the first load fails', async () => {
    renderPage({ [LIST_URL]: { status: 500, body: { success: false, message: 'Boom' } } });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Error: Failed to load required data');
    expect(banner).toHaveTextContent('Boom');
  });

  it('adds a type, checking the name and bounds first, and reloads the list', async () => {
    const calls = renderPage({
      [LIST_URL]: listOf([]),
      'POST /api/metric-types': ok({ metric_type: metricType(4, 'Punctuality') }, 201),
    });
    const events = userEvent.setup();
    expect(await screen.findByText('No metric types found')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Add Metric Type' }));
    const form = await screen.findByRole('dialog', { name: 'Add Metric Type' });
    const min = within(form).getByRole('spinbutton', { name: 'Min Value' });
    const max = within(form).getByRole('spinbutton', { name: 'Max Value' });
    await events.type(min, '60');
    await events.type(max, '50');
    await events.click(within(form).getByRole('button', { name: 'Add Metric Type' }));
    expect(within(form).getByText('Metric name is required')).toBeInTheDocument();
    expect(
      within(form).getByText('Minimum value cannot be greater than maximum value'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await events.type(within(form).getByRole('textbox', { name: /^Metric Name/ }), 'Punctuality');
    await events.clear(min);
    await events.type(min, '1');
    await events.type(within(form).getByRole('combobox', { name: /^Unit/ }), 'points');
    await events.click(within(form).getByRole('button', { name: 'Add Metric Type' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Metric Type' })).toBeNull(),
    );
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      metric_name: 'Punctuality',
      description: null,
      measurement_unit: 'points',
      minimum_value: 1,
      maximum_value: 50,
    });
    await waitFor(() =>
      expect(calls.filter((call) => `GET ${call.path}` === LIST_URL)).toHaveLength(2),
    );
  });

  it('offers the units in use while still taking a new one', async () => {
    renderPage({ [LIST_URL]: listOf([]) });
    const events = userEvent.setup();
    await screen.findByText('No metric types found');
    await events.click(screen.getByRole('button', { name: 'Add Metric Type' }));
    const form = await screen.findByRole('dialog', { name: 'Add Metric Type' });
    await events.click(within(form).getByRole('combobox', { name: /^Unit/ }));
    const listbox = await screen.findByRole('listbox', { hidden: true });
    expect(
      within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent),
    ).toEqual(['%', 'hours', 'points', 'score']);
  });

  it('edits a type with its values filled in and clears an emptied bound', async () => {
    const calls = renderPage({
      [LIST_URL]: listOf([metricType(1, 'Attendance')]),
      'PUT /api/metric-types/1': ok({ metric_type: metricType(1, 'Attendance Rate') }),
    });
    const events = userEvent.setup();
    await screen.findByRole('table');
    await events.click(screen.getByRole('button', { name: 'Edit Attendance' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Metric Type' });
    expect(within(form).getByRole('textbox', { name: /^Metric Name/ })).toHaveValue('Attendance');
    await events.clear(within(form).getByRole('spinbutton', { name: 'Max Value' }));
    await events.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      metric_name: 'Attendance',
      description: 'Attendance over the term',
      measurement_unit: 'points',
      minimum_value: 1,
      maximum_value: null,
    });
    // Every save says it worked, as adding and deleting do: with the name as saved.
    expect(await screen.findByText('Attendance Rate was updated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Edit Metric Type' })).toBeNull();
  });

  it('offers no Delete for a type that has values, and says why', async () => {
    const calls = renderPage({
      [LIST_URL]: listOf([
        metricType(1, 'Attendance', { value_count: 1204 }),
        metricType(2, 'Punctuality', { value_count: 1 }),
        metricType(3, 'Unused', { value_count: 0 }),
      ]),
    });
    const events = userEvent.setup();
    await screen.findByRole('table');
    const inUse = screen.getByRole('button', { name: 'Delete Attendance' });
    expect(inUse).toHaveAttribute('aria-disabled', 'true');
    expect(inUse).toHaveAccessibleDescription('In use by 1,204 values: cannot be deleted');
    expect(screen.getByRole('button', { name: 'Delete Punctuality' })).toHaveAccessibleDescription(
      'In use by 1 value: cannot be deleted',
    );
    await events.click(inUse);
    expect(screen.queryByRole('dialog', { name: 'Delete Metric Type' })).toBeNull();
    // Keyboard focus shows the reason as a tooltip too.
    inUse.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'In use by 1,204 values: cannot be deleted',
    );

    const unused = screen.getByRole('button', { name: 'Delete Unused' });
    expect(unused).not.toHaveAttribute('aria-disabled');
    await events.click(unused);
    expect(await screen.findByRole('dialog', { name: 'Delete Metric Type' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('shows the server’s refusal to delete a type that has values in the banner', async () => {
    renderPage({
      [LIST_URL]: listOf([metricType(1, 'Attendance')]),
      'DELETE /api/metric-types/1': {
        status: 409,
        body: { success: false, message: 'Cannot delete Attendance: it has 3 recorded values' },
      },
    });
    const events = userEvent.setup();
    await screen.findByRole('table');
    await events.click(screen.getByRole('button', { name: 'Delete Attendance' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Metric Type' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete Attendance?');
    await events.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'Error: Cannot delete Attendance: it has 3 recorded values',
    );
  });
});
