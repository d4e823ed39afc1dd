import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../lib/session-storage';
import { stubFetch, type StubbedResponse } from '../../test/fetch-stub';
import { LocationProbe } from '../../test/location-probe';
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
const ok = (data: unknown): StubbedResponse => ({ body: { success: true, message: 'ok', data } });
const bonus = (id: number, name: string) => ({
  id,
  employee_id: 6,
  bonus_name: name,
  description: 'For the new lab course',
  created_at: '2026-03-14T09:00:00.000Z',
  updated_at: '2026-03-14T09:00:00.000Z',
  first_name: 'Noor',
  last_name: 'New',
  email: 'noor@example.com',
});
const bonusesOf = (page: number, bonuses: unknown[], total: number) =>
  ok({ bonuses, pagination: { page, limit: 25, total } });
const NOOR = {
  id: 6,
  first_name: 'Noor',
  last_name: 'New',
  email: 'noor@example.com',
  position: 'Lecturer',
  department: 'CIT',
};
const EMPLOYEES_URL = 'GET /api/employees?page=1&limit=20&sort=last_name&order=asc';

const address = () => screen.getByTestId('address').textContent;

afterEach(() => vi.unstubAllGlobals());

describe('Bonus Management keeps its list in the address', () => {
  it('opens a link filtered by an employee on page 2, naming the employee in the filter', async () => {
    writeSession({ token: 'token', user: MANAGER });
    const calls = stubFetch({
      'GET /api/bonuses?page=2&limit=25&employee_id=6': bonusesOf(2, [bonus(30, 'Late award')], 26),
      'GET /api/bonuses?page=1&limit=25&employee_id=6': bonusesOf(1, [bonus(1, 'First award')], 26),
      'GET /api/bonuses?page=1&limit=25': bonusesOf(1, [bonus(2, 'Anyone award')], 1),
      'GET /api/employees/6': ok({ employee: NOOR }),
      [EMPLOYEES_URL]: ok({ employees: [NOOR], pagination: { page: 1, limit: 20, total: 1 } }),
    });
    renderWithProviders(
      <>
        <BonusesPage />
        <LocationProbe />
      </>,
      { path: '/bonuses?employee=6&page=2' },
    );
    expect(await screen.findByText('Late award')).toBeInTheDocument();
    // The link carries only the id: the name is read once for the picker.
    const filter = screen.getByRole('combobox', { name: 'Filter by employee' });
    await waitFor(() => expect(filter).toHaveValue('Noor New'));
    expect(calls.filter((call) => call.path === '/api/employees/6')).toHaveLength(1);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(address()).toBe('/bonuses?employee=6');
    expect(await screen.findByText('First award')).toBeInTheDocument();

    // Clearing the filter leaves the address bare.
    const clear = filter.closest('.mantine-Select-root')?.querySelector('button');
    await user.click(clear as HTMLElement);
    await waitFor(() => expect(address()).toBe('/bonuses'));
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Anyone award')).toBeInTheDocument();
  });
});
