import { Notifications, notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../lib/session-storage';
import { stubFetch, type StubbedResponse } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import UsersPage from './users-page';

vi.setConfig({ testTimeout: 30_000 });

const ADMIN = {
  id: 1,
  email: 'admin@example.com',
  firstname: 'Ada',
  lastname: 'Admin',
  first_name: 'Ada',
  last_name: 'Admin',
  user_type: 'admin' as const,
  employee_id: null,
};

function user(id: number, firstname: string, lastname: string, userType: string) {
  return {
    id,
    email: `${firstname.toLowerCase()}@example.com`,
    firstname,
    lastname,
    first_name: firstname,
    last_name: lastname,
    user_type: userType,
    employee_id: null,
    employee_name: null,
    password_is_temporary: false,
    locked_until: null as string | null,
    created_at: '2026-03-14T09:00:00.000Z',
    updated_at: '2026-03-14T09:00:00.000Z',
  };
}

const LIST_URL = 'GET /api/users?page=1&limit=25&sort=created_at&order=desc';
const LIST = {
  body: {
    success: true,
    message: 'Users',
    data: {
      users: [user(1, 'Ada', 'Admin', 'admin'), user(2, 'Max', 'Manager', 'manager')],
      pagination: { page: 1, limit: 25, total: 2 },
    },
  },
};

function renderPage(routes: Record<string, StubbedResponse>) {
  writeSession({ token: 'token', user: ADMIN });
  const calls = stubFetch({ [LIST_URL]: LIST, ...routes });
  renderWithProviders(<UsersPage />, { path: '/users' });
  return calls;
}

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe('user management', () => {
  it('lists users with type badges and no delete button for oneself', async () => {
    renderPage({});
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Max Manager')).toBeInTheDocument();
    expect(within(table).getByText('manager')).toBeInTheDocument();
    expect(within(table).getAllByText('3/14/2026')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Delete Max Manager' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Ada Admin' })).toBeNull();
  });

  it('shows "Failed to load required data" when the first load fails', async () => {
    writeSession({ token: 'token', user: ADMIN });
    stubFetch({ [LIST_URL]: { status: 500, body: { success: false, message: 'Boom' } } });
    renderWithProviders(<UsersPage />, { path: '/users' });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Error: Failed to load required data');
    expect(banner).toHaveTextContent('Boom');
  });

  it('shows a generated password once, with a copy button', async () => {
    const calls = renderPage({
      'POST /api/users': {
        status: 201,
        body: {
          success: true,
          message: 'User created successfully',
          data: {
            user: user(3, 'Tess', 'Ting', 'manager'),
            temporary_password: 'Tmp9PassWord4You',
          },
        },
      },
    });
    const events = userEvent.setup();
    await screen.findByRole('table');
    await events.click(screen.getByRole('button', { name: 'Add User' }));
    const form = await screen.findByRole('dialog', { name: 'Add User' });
    await events.type(within(form).getByRole('textbox', { name: /^First Name/ }), 'Tess');
    await events.type(within(form).getByRole('textbox', { name: /^Last Name/ }), 'Ting');
    await events.type(within(form).getByRole('textbox', { name: /^Email/ }), 'tess@example.com');
    await events.click(within(form).getByRole('button', { name: 'Add User' }));

    const shown = await screen.findByRole('dialog', { name: 'Temporary Password' });
    expect(within(shown).getByTestId('one-time-secret')).toHaveTextContent('Tmp9PassWord4You');
    expect(within(shown).getByText('This password is shown only once. Copy it now.')).toBeVisible();
    await events.click(within(shown).getByRole('button', { name: 'Copy password' }));
    expect(await navigator.clipboard.readText()).toBe('Tmp9PassWord4You');

    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      firstname: 'Tess',
      lastname: 'Ting',
      email: 'tess@example.com',
      user_type: 'manager',
    });
    await events.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('Tmp9PassWord4You')).toBeNull());
  });

  it('validates the user form before sending', async () => {
    const calls = renderPage({});
    const events = userEvent.setup();
    await screen.findByRole('table');
    await events.click(screen.getByRole('button', { name: 'Add User' }));
    const form = await screen.findByRole('dialog', { name: 'Add User' });
    await events.type(within(form).getByRole('textbox', { name: /^Email/ }), 'not-an-email');
    await events.click(within(form).getByRole('button', { name: 'Add User' }));
    expect(within(form).getByText('First name is required')).toBeInTheDocument();
    expect(within(form).getByText('Email must be a valid email address')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('links an employee from a card and shows the new account’s password', async () => {
    renderPage({
      'GET /api/employees?page=1&limit=12&sort=last_name': {
        body: {
          success: true,
          message: 'Employees',
          data: {
            employees: [
              {
                id: 5,
                first_name: 'Kim',
                last_name: 'Lee',
                email: 'kim.lee@example.com',
                position: 'Lecturer',
                user_id: null,
              },
              {
                id: 6,
                first_name: 'Sam',
                last_name: 'Linked',
                email: 'sam@example.com',
                position: 'Professor',
                user_id: 9,
              },
            ],
            pagination: { page: 1, limit: 12, total: 2 },
          },
        },
      },
      'POST /api/employees/5/link-employee': {
        status: 201,
        body: {
          success: true,
          message: 'Account created and linked to the employee',
          data: {
            user: { ...user(10, 'Kim', 'Lee', 'employee'), email: 'kim.lee@example.com' },
            temporary_password: 'Link3dPassw0rdXy',
          },
        },
      },
    });
    const events = userEvent.setup();
    await screen.findByRole('table');
    await events.click(screen.getByRole('button', { name: 'Link Employee' }));
    const modal = await screen.findByRole('dialog', { name: 'Link Employee' });
    const card = await within(modal).findByRole('group', { name: 'Kim Lee' });
    expect(card).toHaveTextContent('kim.lee@example.com');
    expect(card).toHaveTextContent('Lecturer');
    expect(within(modal).getByRole('group', { name: 'Sam Linked' })).toHaveTextContent('Linked');
    await events.click(within(card).getByRole('button', { name: 'Link Kim Lee' }));
    const shown = await screen.findByRole('dialog', { name: 'Temporary Password' });
    expect(within(shown).getByTestId('one-time-secret')).toHaveTextContent('Link3dPassw0rdXy');
  });

  it('shows a locked account with until when, and unlocks it after confirmation with a toast', async () => {
    const lockedUntil = new Date(Date.now() + 10 * 60 * 1000);
    const locked = {
      ...user(2, 'Max', 'Manager', 'manager'),
      locked_until: lockedUntil.toISOString(),
    };
    // A lock that ran out since the list was read is not shown.
    const ranOut = {
      ...user(3, 'Eve', 'Expired', 'employee'),
      locked_until: new Date(Date.now() - 1000).toISOString(),
    };
    writeSession({ token: 'token', user: ADMIN });
    const calls = stubFetch({
      [LIST_URL]: {
        body: {
          success: true,
          message: 'Users',
          data: {
            users: [user(1, 'Ada', 'Admin', 'admin'), locked, ranOut],
            pagination: { page: 1, limit: 25, total: 3 },
          },
        },
      },
      'POST /api/users/2/unlock': {
        body: {
          success: true,
          message: 'Account unlocked',
          data: { user: { ...locked, locked_until: null } },
        },
      },
    });
    renderWithProviders(
      <>
        <Notifications />
        <UsersPage />
      </>,
      { path: '/users' },
    );
    const table = await screen.findByRole('table');
    const badges = within(table).getAllByText(/^Locked until/);
    expect(badges).toHaveLength(1);
    expect(within(table).getByRole('row', { name: /Max Manager/ })).toHaveTextContent(
      /Locked until \d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2} (AM|PM)/,
    );
    expect(screen.queryByRole('button', { name: 'Unlock Eve Expired' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unlock Ada Admin' })).toBeNull();

    const events = userEvent.setup();
    await events.click(screen.getByRole('button', { name: 'Unlock Max Manager' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unlock Account' });
    expect(confirm).toHaveTextContent('Unlock Max Manager?');
    // Nothing is sent before the admin confirms.
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await events.click(within(confirm).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Max Manager was unlocked')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/users/2/unlock',
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Unlock Account' })).toBeNull(),
    );
  });

  it('keeps the confirmation open with the server’s refusal', async () => {
    const locked = {
      ...user(2, 'Max', 'Manager', 'manager'),
      locked_until: new Date(Date.now() + 60_000).toISOString(),
    };
    renderPage({
      [LIST_URL]: {
        body: {
          success: true,
          message: 'Users',
          data: { users: [locked], pagination: { page: 1, limit: 25, total: 1 } },
        },
      },
      'POST /api/users/2/unlock': {
        status: 409,
        body: { success: false, message: 'This account is not locked' },
      },
    });
    const events = userEvent.setup();
    await events.click(await screen.findByRole('button', { name: 'Unlock Max Manager' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unlock Account' });
    await events.click(within(confirm).getByRole('button', { name: 'Unlock' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'Error: This account is not locked',
    );
  });

  it('sets the staff record of a manager account from the edit form', async () => {
    const calls = renderPage({
      'GET /api/employees?page=1&limit=20&sort=last_name': {
        body: {
          success: true,
          message: 'Employees',
          data: {
            employees: [
              { id: 5, first_name: 'Kim', last_name: 'Lee', email: 'kim.lee@example.com' },
            ],
            pagination: { page: 1, limit: 20, total: 1 },
          },
        },
      },
      'PUT /api/users/2': {
        body: {
          success: true,
          message: 'User updated successfully',
          data: { user: { ...user(2, 'Max', 'Manager', 'manager'), employee_id: 5 } },
        },
      },
    });
    const events = userEvent.setup();
    await screen.findByRole('table');
    await events.click(screen.getByRole('button', { name: 'Edit Max Manager' }));
    const form = await screen.findByRole('dialog', { name: 'Edit User' });
    await events.click(within(form).getByRole('combobox', { name: 'Staff record' }));
    await events.click(await screen.findByRole('option', { name: /Kim Lee/ }));
    await events.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ employee_id: 5 });
  });
});
