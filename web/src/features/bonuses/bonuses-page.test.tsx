import { Notifications, notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../lib/session-storage';
import { stubFetch, type StubbedResponse } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import BonusesPage from './bonuses-page';

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

function bonus(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    employee_id: 5,
    bonus_name: 'Spring award',
    description: 'For the new lab course',
    created_at: '2026-03-14T09:00:00.000Z',
    updated_at: '2026-03-14T09:00:00.000Z',
    first_name: 'Kim',
    last_name: 'Lee',
    email: 'kim.lee@example.com',
    ...extra,
  };
}

function metric(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    user_id: 5,
    metric_type_id: 1,
    value: 42.5,
    comment: null,
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
const bonusesOf = (bonuses: unknown[]) =>
  ok({ bonuses, pagination: { page: 1, limit: 25, total: bonuses.length } });
const metricsOf = (metrics: unknown[]) =>
  ok({ performance_metrics: metrics, pagination: { page: 1, limit: 100, total: metrics.length } });

const LIST_URL = 'GET /api/bonuses?page=1&limit=25';
const EMPLOYEES_URL = 'GET /api/employees?page=1&limit=20&sort=last_name&order=asc';
const EMPLOYEES = ok({
  employees: [
    { id: 5, first_name: 'Kim', last_name: 'Lee', email: 'kim.lee@example.com' },
    { id: 6, first_name: 'Noor', last_name: 'New', email: 'noor@example.com' },
  ],
  pagination: { page: 1, limit: 20, total: 2 },
});

function renderPage(routes: Record<string, StubbedResponse>) {
  writeSession({ token: 'token', user: MANAGER });
  const calls = stubFetch({ [EMPLOYEES_URL]: EMPLOYEES, ...routes });
  renderWithProviders(
    <>
      <Notifications />
      <BonusesPage />
    </>,
    { path: '/bonuses' },
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

async function openAddBonus() {
  const events = userEvent.setup();
  await events.click(screen.getByRole('button', { name: 'Add Bonus' }));
  return screen.findByRole('dialog', { name: 'Add Bonus' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

describe('Bonus Management', () => {
  it('shows the table with the employee’s name and email, and Unknown Employee without them', async () => {
    renderPage({
      [LIST_URL]: bonusesOf([
        bonus(1),
        bonus(2, { first_name: '', last_name: '', bonus_name: 'Orphan' }),
      ]),
    });
    expect(screen.getByText('Loading bonuses...')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent(/Employee.*Bonus Name.*Description.*Created At.*Actions/);
    expect(rows[1]).toHaveTextContent('Kim Lee');
    expect(rows[1]).toHaveTextContent('kim.lee@example.com');
    expect(rows[1]).toHaveTextContent('Spring award');
    expect(rows[1]).toHaveTextContent('For the new lab course');
    expect(rows[1]).toHaveTextContent('3/14/2026');
    expect(rows[2]).toHaveTextContent('Unknown Employee');
  });

  it('shows "Failed to load required data" when the first load fails', async () => {
    renderPage({ [LIST_URL]: { status: 503, body: { success: false, message: 'Try later' } } });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Error: Failed to load required data');
    expect(banner).toHaveTextContent('Try later');
  });

  it('filters by employee on the server', async () => {
    const calls = renderPage({
      [LIST_URL]: bonusesOf([bonus(1)]),
      'GET /api/bonuses?page=1&limit=25&employee_id=6': bonusesOf([]),
    });
    await screen.findByRole('table');
    await choose('Filter by employee', /Noor New/);
    expect(await screen.findByText('No bonuses found')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain('/api/bonuses?page=1&limit=25&employee_id=6');
  });

  it('lists the chosen employee’s metrics in the Add Bonus modal, then dispenses the bonus', async () => {
    const calls = renderPage({
      [LIST_URL]: bonusesOf([]),
      'GET /api/performance-metrics/user/5?limit=100': metricsOf([
        metric(1, { comment: 'Never missed a class' }),
        metric(2, {
          value: 88,
          metric_name: '',
          metric_type_name: '',
          unit: '%',
          measurement_unit: '%',
          created_at: '2026-02-01T12:00:00.000Z',
        }),
      ]),
      'POST /api/bonuses': ok({ bonus: bonus(3) }, 201),
    });
    const events = userEvent.setup();
    await screen.findByText('No bonuses found');
    const form = await openAddBonus();
    expect(within(form).queryByText(/Performance metrics of/)).toBeNull();

    await events.click(within(form).getByRole('button', { name: 'Dispense Bonus' }));
    expect(within(form).getByText('Employee is required')).toBeInTheDocument();
    expect(within(form).getByText('Bonus name is required')).toBeInTheDocument();
    expect(within(form).getByText('Description is required')).toBeInTheDocument();

    await choose('Employee', /Kim Lee/);
    const list = await within(form).findByRole('region', {
      name: 'Performance metrics of Kim Lee',
    });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Attendance');
    expect(items[0]).toHaveTextContent('42.5 points');
    expect(items[0]).toHaveTextContent('Never missed a class');
    expect(items[0]).toHaveTextContent('3/14/2026');
    expect(items[1]).toHaveTextContent('Unknown Metric');
    expect(items[1]).toHaveTextContent('88%');
    expect(items[1]).toHaveTextContent('2/1/2026');

    await events.type(within(form).getByRole('textbox', { name: /^Bonus Name/ }), 'Spring award');
    await events.type(within(form).getByRole('textbox', { name: /^Description/ }), 'For the lab');
    await events.click(within(form).getByRole('button', { name: 'Dispense Bonus' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Bonus' })).toBeNull());
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      employee_id: 5,
      bonus_name: 'Spring award',
      description: 'For the lab',
    });
    await waitFor(() =>
      expect(calls.filter((call) => `GET ${call.path}` === LIST_URL)).toHaveLength(2),
    );
  });

  it('says so when the chosen employee has no performance metrics', async () => {
    renderPage({
      [LIST_URL]: bonusesOf([]),
      'GET /api/performance-metrics/user/6?limit=100': metricsOf([]),
    });
    await screen.findByText('No bonuses found');
    const form = await openAddBonus();
    await choose('Employee', /Noor New/);
    expect(
      await within(form).findByText('No performance metrics found for this employee.'),
    ).toBeInTheDocument();
  });

  it('keeps everything typed when the award fails', async () => {
    renderPage({
      [LIST_URL]: bonusesOf([]),
      'GET /api/performance-metrics/user/6?limit=100': metricsOf([]),
      'POST /api/bonuses': { status: 404, body: { success: false, message: 'Employee not found' } },
    });
    const events = userEvent.setup();
    await screen.findByText('No bonuses found');
    const form = await openAddBonus();
    await choose('Employee', /Noor New/);
    await events.type(within(form).getByRole('textbox', { name: /^Bonus Name/ }), 'Late award');
    await events.type(within(form).getByRole('textbox', { name: /^Description/ }), 'Thanks');
    await events.click(within(form).getByRole('button', { name: 'Dispense Bonus' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Error: Employee not found');
    expect(within(form).getByRole('textbox', { name: /^Bonus Name/ })).toHaveValue('Late award');
    expect(within(form).getByRole('textbox', { name: /^Description/ })).toHaveValue('Thanks');
  });

  it('edits a bonus with the employee read-only', async () => {
    const calls = renderPage({
      [LIST_URL]: bonusesOf([bonus(1)]),
      'PUT /api/bonuses/1': ok({ bonus: bonus(1, { bonus_name: 'Summer award' }) }),
    });
    const events = userEvent.setup();
    await screen.findByRole('table');
    await events.click(screen.getByRole('button', { name: 'Edit Spring award of Kim Lee' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Bonus' });
    const employee = within(form).getByRole('textbox', { name: 'Employee' });
    expect(employee).toHaveValue('Kim Lee (kim.lee@example.com)');
    expect(employee).toHaveAttribute('readonly');
    expect(within(form).queryByRole('combobox')).toBeNull();
    const name = within(form).getByRole('textbox', { name: /^Bonus Name/ });
    await events.clear(name);
    await events.type(name, 'Summer award');
    await events.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Bonus' })).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      employee_id: 5,
      bonus_name: 'Summer award',
      description: 'For the new lab course',
    });
    // Every save says it worked, as awarding and deleting do.
    expect(await screen.findByText('Summer award was updated')).toBeInTheDocument();
  });

  it('shows the bonus name and the employee before deleting', async () => {
    const calls = renderPage({
      [LIST_URL]: bonusesOf([bonus(1)]),
      'DELETE /api/bonuses/1': ok({ id: 1 }),
    });
    const events = userEvent.setup();
    await screen.findByRole('table');
    await events.click(screen.getByRole('button', { name: 'Delete Spring award of Kim Lee' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Bonus' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete Spring award?');
    expect(confirm).toHaveTextContent('Employee: Kim Lee (kim.lee@example.com)');
    await events.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    await waitFor(() =>
      expect(calls.filter((call) => `GET ${call.path}` === LIST_URL)).toHaveLength(2),
    );
  });

  it('steps back a page when a delete empties the last one', async () => {
    const many = Array.from({ length: 25 }, (_, i) => bonus(100 + i, { bonus_name: `Award ${i}` }));
    const pageOf = (n: number, bonuses: unknown[], total: number) =>
      ok({ bonuses, pagination: { page: n, limit: 25, total } });
    const second = pageOf(2, [bonus(1, { bonus_name: 'Last one' })], 26);
    const calls = renderPage({
      [LIST_URL]: pageOf(1, many, 26),
      'GET /api/bonuses?page=2&limit=25': second,
      'DELETE /api/bonuses/1': ok({ id: 1 }),
    });
    const events = userEvent.setup();
    await screen.findByRole('table');
    await events.click(screen.getByRole('button', { name: 'Page 2' }));
    await events.click(await screen.findByRole('button', { name: 'Delete Last one of Kim Lee' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Bonus' });
    // From now on the server has 25 bonuses: page 2 is empty.
    Object.assign(second, pageOf(2, [], 25));
    await events.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Award 0')).toBeInTheDocument();
    expect(calls.filter((call) => `GET ${call.path}` === LIST_URL).length).toBeGreaterThan(1);
  });
});
