import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '#contract/audit';
import { stubFetch, type StubbedResponse } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import AuditPage from './audit-page';

const BONUS: AuditEntry = {
  id: 3,
  name: 'Bonus Assignment',
  description: 'Ada Lovelace (ada@example.com) awarded "Star" to Grace Hopper',
  actor: { user_id: 1, email: 'ada@example.com' },
  ip_address: '203.0.113.7',
  entity_type: 'bonus',
  entity_id: 42,
  before: { bonus_name: 'Old name', description: 'Same', amount: 1 },
  after: { bonus_name: 'Star', description: 'Same', amount: 1, tags: ['q1', 'team'] },
  created_at: '2026-03-14T09:05:00.000Z',
  updated_at: '2026-03-14T09:05:00.000Z',
};
const LOGIN: AuditEntry = {
  id: 2,
  name: 'User Login Failed',
  description: 'Sign-in refused for nobody@example.com: wrong email or password',
  actor: { user_id: null, email: null },
  ip_address: null,
  entity_type: 'user',
  entity_id: null,
  before: null,
  after: null,
  created_at: '2026-03-13T08:00:00.000Z',
  updated_at: '2026-03-13T08:00:00.000Z',
};

const EMPLOYEE_UPDATED: AuditEntry = {
  id: 4,
  name: 'Employee Updated',
  description: 'Grace Hopper (grace@example.com) was updated: join date, salary',
  actor: { user_id: 1, email: 'ada@example.com' },
  ip_address: '203.0.113.7',
  entity_type: 'employee',
  entity_id: 7,
  before: {
    first_name: 'Grace',
    employee_code: 'EMP-0007',
    join_date: '2024-01-15',
    salary: 52000,
    manager_id: 3,
    skills: ['COBOL', 'Teaching'],
    updated_at: '2026-03-14T09:05:00.000Z',
  },
  after: {
    first_name: 'Grace',
    employee_code: 'EMP-0007',
    join_date: '2024-02-01',
    salary: 54000.5,
    manager_id: 3,
    skills: ['COBOL', 'Teaching'],
    updated_at: '2026-03-15T14:30:00.000Z',
  },
  created_at: '2026-03-15T14:30:00.000Z',
  updated_at: '2026-03-15T14:30:00.000Z',
};
const EMPLOYEE_DELETED: AuditEntry = {
  ...EMPLOYEE_UPDATED,
  id: 5,
  name: 'Employee Deleted',
  description: 'Grace Hopper (grace@example.com) was deleted with 1 metric value',
  before: {
    employee: { first_name: 'Grace', last_name: 'Hopper', salary_cents: 5_200_000 },
    performance_metrics: [
      { metric_type_id: 2, value_hundredths: 8550, created_at: '2025-11-03T10:00:00.000Z' },
    ],
    unlinked_accounts: [],
  },
  after: null,
};

function listAnswer(entries: AuditEntry[], total = entries.length, page = 1): StubbedResponse {
  return {
    body: {
      success: true,
      message: 'Audit trails',
      data: { audit_trails: entries, pagination: { page, limit: 20, total } },
    },
  };
}

const FIRST_PAGE = 'GET /api/audit?page=1&limit=20';

function renderAudit() {
  return renderWithProviders(<AuditPage />, { path: '/audit' });
}

afterEach(() => vi.unstubAllGlobals());

describe('Audit Trails page', () => {
  it('lists entries with Name, Description, Created At, Updated At and a view action only', async () => {
    stubFetch({ [FIRST_PAGE]: listAnswer([BONUS, LOGIN]) });
    renderAudit();
    expect(screen.getByRole('heading', { level: 1, name: 'Audit Trails' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Description', 'Created At', 'Updated At', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Bonus Assignment');
    expect(rows[0]).toHaveTextContent('awarded "Star" to Grace Hopper');
    expect(rows[0]).toHaveTextContent(/3\/14\/2026/);
    expect(within(rows[0]!).getAllByRole('button')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /edit|remove|delete/i })).toBeNull();
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
  });

  it('shows a loader while loading, then the empty state', async () => {
    let answer: (value?: unknown) => void = () => undefined;
    stubFetch({
      [FIRST_PAGE]: { ...listAnswer([]), until: new Promise((resolve) => (answer = resolve)) },
    });
    renderAudit();
    expect(await screen.findByLabelText('Loading audit trails')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('No audit trails yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows "Error: {message}" when the list cannot load', async () => {
    stubFetch({
      [FIRST_PAGE]: { status: 500, body: { success: false, message: 'Internal server error' } },
    });
    renderAudit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Internal server error');
  });

  it('searches on the server once typing pauses, from the first page', async () => {
    const calls = stubFetch({
      [FIRST_PAGE]: listAnswer([BONUS, LOGIN]),
      'GET /api/audit?page=1&limit=20&search=bonus+assignment': listAnswer([BONUS]),
      'GET /api/audit?page=1&limit=20&search=nothing': listAnswer([]),
    });
    renderAudit();
    await screen.findByRole('table');
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(box, 'bonus assignment ');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(screen.getByRole('row', { name: /Bonus Assignment/ })).toBeInTheDocument();
    const searches = calls.filter((call) => call.path.includes('search='));
    // Debounced: one request for the whole phrase (trimmed), none per keystroke.
    expect(searches.map((call) => call.path)).toEqual([
      '/api/audit?page=1&limit=20&search=bonus+assignment',
    ]);

    await user.clear(box);
    await user.type(box, 'nothing');
    expect(await screen.findByText('No audit trails match "nothing".')).toBeInTheDocument();
  });

  it('pages through the entries on the server', async () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ ...LOGIN, id: 100 + i }));
    const calls = stubFetch({
      [FIRST_PAGE]: listAnswer(many, 45),
      'GET /api/audit?page=2&limit=20': listAnswer([{ ...BONUS, id: 500 }], 45, 2),
    });
    renderAudit();
    expect(await screen.findByText('Showing 1–20 of 45')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 21–21 of 45')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain('/api/audit?page=2&limit=20');
    expect(screen.getByRole('row', { name: /Bonus Assignment/ })).toBeInTheDocument();
  });

  it('opens the full entry: who, when, from where, and before and after side by side', async () => {
    stubFetch({ [FIRST_PAGE]: listAnswer([BONUS, LOGIN]) });
    renderAudit();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^View Bonus Assignment/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Bonus Assignment' });
    expect(dialog).toHaveTextContent('awarded "Star" to Grace Hopper');
    expect(dialog).toHaveTextContent('ada@example.com (user #1)');
    expect(dialog).toHaveTextContent('Mar 14, 2026');
    expect(dialog).toHaveTextContent('203.0.113.7');
    expect(dialog).toHaveTextContent('Bonus #42');

    const before = within(dialog).getByRole('region', { name: 'Before' });
    const after = within(dialog).getByRole('region', { name: 'After' });
    expect(within(before).getByRole('row', { name: /Bonus Name/ })).toHaveTextContent('Old name');
    expect(within(after).getByRole('row', { name: /Bonus Name/ })).toHaveTextContent('Star');
    expect(within(after).getByRole('row', { name: /Bonus Name/ })).toHaveTextContent('changed');
    expect(within(after).getByRole('row', { name: /Description/ })).not.toHaveTextContent(
      'changed',
    );
    // A field only the new record has: absent before, its list after.
    expect(within(after).getByRole('row', { name: /Tags/ })).toHaveTextContent('q1, team');
    expect(within(before).getByRole('row', { name: /Tags/ })).toHaveTextContent('—');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: /^View User Login Failed/ }));
    const anonymous = await screen.findByRole('dialog', { name: 'User Login Failed' });
    expect(anonymous).toHaveTextContent('Nobody signed in');
    expect(anonymous).toHaveTextContent('Unknown address');
    expect(within(anonymous).getAllByText('Nothing recorded')).toHaveLength(2);
  });

  it('names fields as the screens do and writes dates and money for people, nested records too', async () => {
    stubFetch({ [FIRST_PAGE]: listAnswer([EMPLOYEE_UPDATED, EMPLOYEE_DELETED]) });
    renderAudit();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^View Employee Updated/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Employee Updated' });
    expect(dialog).toHaveTextContent('Staff Member #7');
    const before = within(dialog).getByRole('region', { name: 'Before' });
    const after = within(dialog).getByRole('region', { name: 'After' });
    const rowOf = (region: HTMLElement, label: string) =>
      within(region).getByRole('row', { name: new RegExp(`^${label}`) });

    expect(rowOf(before, 'First Name')).toHaveTextContent('Grace');
    expect(rowOf(before, 'Employee ID')).toHaveTextContent('EMP-0007');
    expect(rowOf(before, 'Join Date')).toHaveTextContent('1/15/2024');
    expect(rowOf(after, 'Join Date')).toHaveTextContent('2/1/2024');
    expect(rowOf(after, 'Join Date')).toHaveTextContent('changed');
    expect(rowOf(before, 'Salary')).toHaveTextContent('$52,000');
    expect(rowOf(after, 'Salary')).toHaveTextContent('$54,000.50');
    expect(rowOf(after, 'Manager')).toHaveTextContent('#3');
    expect(rowOf(after, 'Skills')).toHaveTextContent('COBOL, Teaching');
    expect(rowOf(after, 'Updated At')).toHaveTextContent(
      /^Updated At.*3\/15\/2026, \d{1,2}:30 [AP]M/,
    );
    // Nowhere a column's name or a raw timestamp.
    for (const side of [before, after]) {
      expect(side).not.toHaveTextContent(/[a-z]+_[a-z]+/);
      expect(side).not.toHaveTextContent(/\d{4}-\d{2}-\d{2}/);
    }

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: /^View Employee Deleted/ }));
    const deleted = await screen.findByRole('dialog', { name: 'Employee Deleted' });
    const removed = within(deleted).getByRole('region', { name: 'Before' });
    expect(within(removed).getByRole('row', { name: /^Employee/ })).toHaveTextContent(
      /Last Name\s*Hopper.*Salary\s*\$52,000/,
    );
    expect(within(removed).getByRole('row', { name: /^Metric Values/ })).toHaveTextContent(
      /Metric Type\s*#2.*Value\s*85\.5.*Created At\s*11\/3\/2025/,
    );
    expect(within(removed).getByRole('row', { name: /^Unlinked Accounts/ })).toHaveTextContent(
      'None',
    );
    expect(removed).not.toHaveTextContent(/[a-z]+_[a-z]+/);
    expect(removed).not.toHaveTextContent(/\d{4}-\d{2}-\d{2}/);
  });
});
