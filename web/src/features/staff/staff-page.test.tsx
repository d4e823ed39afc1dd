import { Notifications, notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubbedResponse } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { Route, Routes } from 'react-router';
import CreateStaffPage from './create-staff-page';
import StaffPage from './staff-page';

vi.setConfig({ testTimeout: 30_000 });

function employee(id: number, first: string, last: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    first_name: first,
    last_name: last,
    email: `${first.toLowerCase()}@example.com`,
    phone: null,
    position: 'Lecturer',
    department: 'CIT',
    join_date: '2024-03-05',
    status: 'active',
    salary: 50000,
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
    ...extra,
  };
}

const page = (n: number, employees: unknown[], total: number) => ({
  body: {
    success: true,
    message: 'Employees',
    data: { employees, pagination: { page: n, limit: 25, total } },
  },
});
const FIRST_PAGE = 'GET /api/employees?page=1&limit=25&sort=last_name&order=asc';
const STATS = {
  'GET /api/employees/stats': {
    body: {
      success: true,
      message: 'ok',
      data: { departments: ['CIT'], positions: ['Lecturer'], configured_departments: ['CIT'] },
    },
  },
};

function renderPage(routes: Record<string, StubbedResponse>) {
  const calls = stubFetch({ ...STATS, ...routes });
  renderWithProviders(
    <>
      <Notifications />
      <StaffPage />
    </>,
    { path: '/staff' },
  );
  return calls;
}

async function choose(label: string, option: string) {
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

const saved = (employee: unknown, message: string) => ({
  body: { success: true, message, data: { employee } },
});

describe('Staff Management', () => {
  it('says "Loading employees..." and then shows the table SPEC.md describes', async () => {
    let release: () => void = () => undefined;
    renderPage({
      [FIRST_PAGE]: {
        ...page(
          1,
          [employee(1, 'Ada', 'Lovelace', { phone: '+1 555 0100' }), employee(2, 'Alan', 'Turing')],
          2,
        ),
        until: new Promise<void>((resolve) => (release = resolve)),
      },
    });
    expect(screen.getByText('Loading employees...')).toBeInTheDocument();
    // No "Showing 0–0 of 0 employees" beside the loading text.
    expect(screen.queryByText(/Showing/)).toBeNull();
    release();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent(
      /Staff Member.*Position.*Department.*Email.*Phone.*Join Date.*Status.*Actions/,
    );
    expect(rows[1]).toHaveTextContent('Ada Lovelace');
    expect(rows[1]).toHaveTextContent('+1 555 0100');
    expect(rows[1]).toHaveTextContent('3/5/2024');
    expect(rows[1]).toHaveTextContent('Active');
    expect(rows[2]).toHaveTextContent('N/A');
    expect(screen.getByText('Showing 1–2 of 2 employees')).toBeInTheDocument();
  });

  it('offers one way to add staff: Add New Staff, whose modal links to the full form', async () => {
    renderPage({ [FIRST_PAGE]: page(1, [], 0) });
    const user = userEvent.setup();
    await screen.findByText('No employees found');
    expect(screen.queryByRole('link', { name: 'Add Staff Member' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Staff Member' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add New Staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Staff' });
    expect(
      within(dialog).getByRole('link', { name: /More details on the full form/ }),
    ).toHaveAttribute('href', '/create');
  });

  it('carries what was typed in the modal over to the full form', async () => {
    stubFetch({ ...STATS, [FIRST_PAGE]: page(1, [], 0) });
    renderWithProviders(
      <Routes>
        <Route path="/staff" element={<StaffPage />} />
        <Route path="/create" element={<CreateStaffPage />} />
      </Routes>,
      { path: '/staff' },
    );
    const user = userEvent.setup();
    await screen.findByText('No employees found');
    await user.click(screen.getByRole('button', { name: 'Add New Staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Staff' });
    await user.type(within(dialog).getByRole('textbox', { name: 'First Name' }), 'Grace');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'grace@example.com');
    await user.click(within(dialog).getByRole('link', { name: /More details on the full form/ }));
    expect(
      await screen.findByRole('heading', { name: 'Add New Staff Member' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^First Name/ })).toHaveValue('Grace');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('grace@example.com');
    expect(
      screen.getByText('What you typed in Add New Staff was carried over.'),
    ).toBeInTheDocument();
  });

  it('says "{name} was added" when the Add New Staff modal saves', async () => {
    const calls = renderPage({
      [FIRST_PAGE]: page(1, [], 0),
      'POST /api/employees': saved(employee(3, 'Grace', 'Hopper'), 'Employee created successfully'),
    });
    const user = userEvent.setup();
    await screen.findByText('No employees found');
    await user.click(screen.getByRole('button', { name: 'Add New Staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Staff' });
    await user.type(within(dialog).getByRole('textbox', { name: 'First Name' }), 'Grace');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last Name' }), 'Hopper');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'grace@example.com');
    await user.type(within(dialog).getByRole('combobox', { name: 'Position' }), 'Lecturer');
    await choose('Department', 'CIT');
    await user.type(within(dialog).getByLabelText(/Join Date/), '2024-05-06');
    await user.click(within(dialog).getByRole('button', { name: 'Add Staff' }));
    expect(await screen.findByText('Grace Hopper was added')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      first_name: 'Grace',
      status: 'active',
    });
  });

  it('asks the server for the next page and for a new sort order', async () => {
    const many = Array.from({ length: 25 }, (_, i) => employee(i + 1, `P${i}`, `Q${i}`));
    const calls = renderPage({
      [FIRST_PAGE]: page(1, many, 60),
      'GET /api/employees?page=2&limit=25&sort=last_name&order=asc': page(
        2,
        [employee(100, 'Second', 'Page')],
        60,
      ),
      'GET /api/employees?page=1&limit=25&sort=join_date&order=asc': page(1, many, 60),
    });
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Second Page')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sort by Join Date' }));
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain(
        '/api/employees?page=1&limit=25&sort=join_date&order=asc',
      ),
    );
  });

  it('confirms a deletion with SPEC.md’s two sentences, deletes and reloads the list', async () => {
    const calls = renderPage({
      [FIRST_PAGE]: page(1, [employee(1, 'Ada', 'Lovelace')], 1),
      'DELETE /api/employees/1': {
        body: { success: true, message: 'Employee deleted successfully', data: { id: 1 } },
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Delete Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Staff Member' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Ada Lovelace?');
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        calls.filter(
          (call) => call.path === '/api/employees?page=1&limit=25&sort=last_name&order=asc',
        ),
      ).toHaveLength(2),
    );
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('shows the server error in the delete dialog when a deletion fails', async () => {
    renderPage({
      [FIRST_PAGE]: page(1, [employee(1, 'Ada', 'Lovelace')], 1),
      'DELETE /api/employees/1': {
        status: 404,
        body: { success: false, message: 'Employee not found' },
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Delete Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Staff Member' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error: Employee not found');
  });

  it('validates the Add New Staff modal before sending', async () => {
    const calls = renderPage({ [FIRST_PAGE]: page(1, [], 0) });
    const user = userEvent.setup();
    await screen.findByText('No employees found');
    await user.click(screen.getByRole('button', { name: 'Add New Staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Staff' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Salary/ }), '-3');
    await user.click(within(dialog).getByRole('button', { name: 'Add Staff' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Position is required',
      'Department is required',
      'Join date is required',
      'Salary must be a number of at least 0',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('edits without a join date input, and reaches every other field and the status', async () => {
    const calls = renderPage({
      [FIRST_PAGE]: page(
        1,
        [employee(1, 'Ada', 'Lovelace', { employee_code: 'E-1', skills: ['Maths'], notes: 'n' })],
        1,
      ),
      'GET /api/employees?limit=20&sort=last_name': page(1, [], 0),
      'PUT /api/employees/1': saved(
        employee(1, 'Ada', 'Lovelace', { status: 'on-leave' }),
        'Employee updated successfully',
      ),
    });
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Edit Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Member' });
    expect(within(dialog).queryByLabelText(/Join Date/)).toBeNull();
    // Beyond SPEC.md's edit form (docs/product-decisions.md): HR sets On Leave and Inactive here.
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveValue('Active');
    await choose('Status', 'On Leave');
    await user.click(within(dialog).getByRole('button', { name: /More details/ }));
    const code = within(dialog).getByRole('textbox', { name: 'Employee ID' });
    expect(code).toHaveValue('E-1');
    await user.clear(code);
    await user.type(code, 'E-2');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: null,
      position: 'Lecturer',
      department: 'CIT',
      salary: 50000,
      employee_code: 'E-2',
      employment_type: null,
      location: null,
      manager_id: null,
      notes: 'n',
      skills: ['Maths'],
      status: 'on-leave',
    });
    // Every save says it worked, as creating and deleting do.
    expect(await screen.findByText('Ada Lovelace was updated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Edit Staff Member' })).toBeNull();
  });

  it("shows the server's refusal of a folded-away field under its input, in the form's words", async () => {
    const message = 'An employee with this Employee ID already exists';
    renderPage({
      [FIRST_PAGE]: page(1, [employee(1, 'Ada', 'Lovelace', { employee_code: 'E-1' })], 1),
      'PUT /api/employees/1': {
        status: 409,
        body: { success: false, message, errors: [{ field: 'employee_code', message }] },
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Edit Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Member' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    // The details unfold so the field the server named is seen, with its message under it.
    const code = await within(dialog).findByRole('textbox', { name: 'Employee ID' });
    await waitFor(() => expect(code).toHaveAccessibleDescription(message));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(`Error: ${message}`);
  });

  it('says "Failed to load required data" when the first load fails', async () => {
    renderPage({ [FIRST_PAGE]: { status: 403, body: { success: false, message: 'Nope' } } });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Error: Failed to load required data');
  });
});
