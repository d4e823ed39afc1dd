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
    expect(dialog).toHaveTextContent('bonus #42');

    const before = within(dialog).getByRole('region', { name: 'Before' });
    const after = within(dialog).getByRole('region', { name: 'After' });
    expect(within(before).getByRole('row', { name: /bonus_name/ })).toHaveTextContent('Old name');
    expect(within(after).getByRole('row', { name: /bonus_name/ })).toHaveTextContent('Star');
    expect(within(after).getByRole('row', { name: /bonus_name/ })).toHaveTextContent('changed');
    expect(within(after).getByRole('row', { name: /description/ })).not.toHaveTextContent(
      'changed',
    );
    // A field only the new record has: absent before, pretty JSON after.
    expect(within(after).getByRole('row', { name: /tags/ })).toHaveTextContent('"q1"');
    expect(within(before).getByRole('row', { name: /tags/ })).toHaveTextContent('—');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: /^View User Login Failed/ }));
    const anonymous = await screen.findByRole('dialog', { name: 'User Login Failed' });
    expect(anonymous).toHaveTextContent('Nobody signed in');
    expect(anonymous).toHaveTextContent('Unknown address');
    expect(within(anonymous).getAllByText('Nothing recorded')).toHaveLength(2);
  });
});
