import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubbedResponse } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import CreateStaffPage from './create-staff-page';
import { DRAFT_STORAGE_KEY, EMPTY_DRAFT, type StaffDraft } from './staff-draft';

const STATS = {
  body: {
    success: true,
    message: 'ok',
    data: { departments: ['CIT'], positions: ['Lecturer'], configured_departments: ['CIT'] },
  },
};
const MANAGERS = {
  body: {
    success: true,
    message: 'ok',
    data: {
      employees: [
        {
          id: 7,
          first_name: 'Mary',
          last_name: 'Boss',
          position: 'Head of Department',
          department: 'CIT',
        },
      ],
      pagination: { page: 1, limit: 20, total: 1 },
    },
  },
};

function renderPage(extra: Record<string, StubbedResponse> = {}) {
  const calls = stubFetch({
    'GET /api/employees/stats': STATS,
    'GET /api/employees?limit=20&sort=last_name': MANAGERS,
    ...extra,
  });
  const view = renderWithProviders(
    <Routes>
      <Route path="/create" element={<CreateStaffPage />} />
      <Route path="/staff" element={<p>Staff list</p>} />
      <Route path="/dashboard" element={<p>Dashboard</p>} />
    </Routes>,
    { path: '/create' },
  );
  return { calls, ...view };
}

const FULL_DRAFT: StaffDraft = {
  ...EMPTY_DRAFT,
  firstName: 'Kim',
  lastName: 'Lee',
  email: 'kim.lee@example.com',
  phone: '+1 555 010 2000',
  department: 'Civil Engineering',
  position: 'Lecturer',
  employeeId: 'EMP-9001',
  startDate: '2024-09-01',
  manager: '7',
  managerName: 'Mary Boss',
  location: 'remote',
  employmentType: 'part-time',
  salary: '61,234.50',
  notes: 'Teaches statics.',
  skills: ['Statics', 'Surveying'],
};

afterEach(() => vi.unstubAllGlobals());
// A whole page of Mantine inputs typed into by userEvent is slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('the Add New Staff Member page (PRODUCT.md section 5)', () => {
  it('keeps a saved draft, skills included, across a reload', async () => {
    const user = userEvent.setup();
    const first = renderPage();
    await user.type(screen.getByRole('textbox', { name: /^First Name/ }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: /^Employee ID/ }), 'EMP-1');
    await user.type(screen.getByRole('textbox', { name: 'Skills' }), 'Mathematics{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    expect(JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY) ?? '{}')).toMatchObject({
      firstName: 'Ada',
      employeeId: 'EMP-1',
      skills: ['Mathematics'],
    });
    first.unmount();

    renderPage();
    expect(screen.getByRole('textbox', { name: /^First Name/ })).toHaveValue('Ada');
    expect(screen.getByRole('textbox', { name: /^Employee ID/ })).toHaveValue('EMP-1');
    expect(screen.getByText('Mathematics')).toBeInTheDocument();
    expect(screen.getByText('Your saved draft was restored.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('textbox', { name: /^First Name/ })).toHaveValue('');
  });

  it('names every missing required field and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Add Staff Member' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Employee ID is required',
      'Department is required',
      'Position is required',
      'Employment type is required',
      'Start date is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('creates the employee with every field, forgets the draft and goes to /staff', async () => {
    localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(FULL_DRAFT));
    const user = userEvent.setup();
    const { calls } = renderPage({
      'POST /api/employees': {
        status: 201,
        body: {
          success: true,
          message: 'Employee created successfully',
          data: { employee: { id: 99, first_name: 'Kim', last_name: 'Lee' } },
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add Staff Member' }));
    expect(await screen.findByText('Staff list')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      first_name: 'Kim',
      last_name: 'Lee',
      email: 'kim.lee@example.com',
      phone: '+1 555 010 2000',
      department: 'Civil Engineering',
      position: 'Lecturer',
      employee_code: 'EMP-9001',
      join_date: '2024-09-01',
      status: 'active',
      manager_id: 7,
      location: 'remote',
      employment_type: 'part-time',
      salary: 61234.5,
      notes: 'Teaches statics.',
      skills: ['Statics', 'Surveying'],
    });
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });

  it('keeps everything typed and shows the server error when saving fails', async () => {
    localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(FULL_DRAFT));
    const user = userEvent.setup();
    renderPage({
      'POST /api/employees': {
        status: 409,
        body: {
          success: false,
          message: 'An employee with this email already exists',
          errors: [{ field: 'email', message: 'An employee with this email already exists' }],
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add Staff Member' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Error: An employee with this email already exists');
    const email = screen.getByRole('textbox', { name: /^Email/ });
    expect(email).toHaveValue('kim.lee@example.com');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Staff list')).toBeNull();
  });

  it('leaves without saving by Cancel or Back to Dashboard', async () => {
    const user = userEvent.setup();
    const first = renderPage();
    await user.type(screen.getByRole('textbox', { name: /^First Name/ }), 'Unsaved');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Staff list')).toBeInTheDocument();
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
    first.unmount();

    renderPage();
    await user.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
  });

  it('asks before Cancel throws a saved draft away, and keeps it if told to', async () => {
    localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(FULL_DRAFT));
    const user = userEvent.setup();
    const first = renderPage();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard Saved Draft' });
    expect(ask).toHaveTextContent('You have a saved draft of this staff member. Discard it?');
    expect(screen.queryByText('Staff list')).toBeNull();
    await user.click(within(ask).getByRole('button', { name: 'Keep Draft' }));
    expect(await screen.findByText('Staff list')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY) ?? '{}')).toMatchObject({
      firstName: 'Kim',
    });
    first.unmount();

    renderPage();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('dialog', { name: 'Discard Saved Draft' });
    await user.click(within(again).getByRole('button', { name: 'Discard Draft' }));
    expect(await screen.findByText('Staff list')).toBeInTheDocument();
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });

  it('offers real staff as managers', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('combobox', { name: 'Manager' }));
    // Mantine's dropdown counts as hidden in jsdom (no layout), hence `hidden: true`.
    const listbox = await screen.findByRole(
      'listbox',
      { name: 'Manager', hidden: true },
      { timeout: 5000 },
    );
    await user.click(
      await within(listbox).findByRole('option', { name: /Mary Boss/, hidden: true }),
    );
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY) ?? '{}')).toMatchObject({
        manager: '7',
        managerName: 'Mary Boss',
      }),
    );
  });
});
