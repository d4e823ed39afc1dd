import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { LocationProbe } from '../../test/location-probe';
import { renderWithProviders } from '../../test/render';
import StaffPage from './staff-page';

vi.setConfig({ testTimeout: 30_000 });

const person = (id: number, first: string, last: string) => ({
  id,
  first_name: first,
  last_name: last,
  email: `${first.toLowerCase()}@example.com`,
  phone: null,
  position: 'Lecturer',
  department: 'CIT',
  join_date: '2024-03-05',
  status: 'inactive',
  salary: null,
  employee_code: null,
  employment_type: null,
  location: null,
  manager_id: null,
  manager_name: null,
  user_id: null,
  notes: null,
  skills: [],
  created_at: '2024-03-05T00:00:00.000Z',
  updated_at: '2024-03-05T00:00:00.000Z',
});
const pageOf = (page: number, employees: unknown[], total: number) => ({
  body: {
    success: true,
    message: 'Employees',
    data: { employees, pagination: { page, limit: 25, total } },
  },
});
const STATS = {
  body: {
    success: true,
    message: 'ok',
    data: { departments: ['CIT'], positions: ['Lecturer'], configured_departments: ['CIT'] },
  },
};
const SHARED = '/staff?search=ann&department=CIT&status=inactive&sort=email&order=desc&page=2';
const SHARED_CALL =
  '/api/employees?page=2&limit=25&search=ann&department=CIT&status=inactive&sort=email&order=desc';

const address = () => screen.getByTestId('address').textContent;

afterEach(() => vi.unstubAllGlobals());

describe('Staff Management keeps its list in the address', () => {
  it('opens a shared link on the same search, filters, sort and page', async () => {
    const many = Array.from({ length: 25 }, (_, i) => person(i + 1, `Ann${i}`, `Zed${i}`));
    const calls = stubFetch({
      'GET /api/employees/stats': STATS,
      [`GET ${SHARED_CALL}`]: pageOf(2, [person(90, 'Annika', 'Last')], 51),
      'GET /api/employees?page=3&limit=25&search=ann&department=CIT&status=inactive&sort=email&order=desc':
        pageOf(3, many, 51),
    });
    renderWithProviders(
      <>
        <StaffPage />
        <LocationProbe />
      </>,
      { path: SHARED },
    );
    expect(await screen.findByText('Annika Last')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain(SHARED_CALL);
    expect(screen.getByRole('textbox', { name: 'Search staff' })).toHaveValue('ann');
    expect(screen.getByRole('combobox', { name: 'Filter by department' })).toHaveValue('CIT');
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('Inactive');
    const table = screen.getByRole('table', { name: 'Staff' });
    expect(
      within(table).getByRole('button', { name: 'Sort by Email' }).closest('th'),
    ).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('data-active', 'true');
    expect(screen.getByText('Showing 26–50 of 51 employees')).toBeInTheDocument();

    // Another page is a new address (a step the back button undoes).
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 3' }));
    expect(address()).toBe(SHARED.replace('page=2', 'page=3'));
    expect(await screen.findByText('Ann0 Zed0')).toBeInTheDocument();
  });

  it('writes the search and a sort to the address, each starting at page 1', async () => {
    const kim = [person(7, 'Kim', 'Lee')];
    stubFetch({
      'GET /api/employees/stats': STATS,
      'GET /api/employees?page=2&limit=25&sort=last_name&order=asc': pageOf(2, [], 30),
      'GET /api/employees?page=1&limit=25&search=kim&sort=last_name&order=asc': pageOf(1, kim, 1),
      'GET /api/employees?page=1&limit=25&search=kim&sort=join_date&order=asc': pageOf(1, kim, 1),
    });
    renderWithProviders(
      <>
        <StaffPage />
        <LocationProbe />
      </>,
      { path: '/staff?page=2' },
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search staff' }), 'kim');
    await waitFor(() => expect(address()).toBe('/staff?search=kim'));
    await screen.findByText('Kim Lee');
    await user.click(screen.getByRole('button', { name: 'Sort by Join Date' }));
    expect(address()).toBe('/staff?search=kim&sort=join_date');
  });

  it('falls back to the defaults for values it cannot read', async () => {
    const calls = stubFetch({
      'GET /api/employees/stats': STATS,
      'GET /api/employees?page=1&limit=25&sort=last_name&order=asc': pageOf(
        1,
        [person(1, 'Ada', 'Lovelace')],
        1,
      ),
    });
    renderWithProviders(<StaffPage />, {
      path: '/staff?status=retired&sort=salary_desc&order=sideways&page=zero',
    });
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    // Only the default list was asked for (stubFetch refuses any other).
    expect(calls.filter((call) => call.path.startsWith('/api/employees?'))).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('');
  });
});
