import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AverageScoreEntry } from '#contract/insights';
import { writeSession } from '../../lib/session-storage';
import { stubFetch, type StubbedResponse } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import AverageScoresPage from './average-scores-page';

vi.setConfig({ testTimeout: 30_000 });

const MANAGER = {
  id: 2,
  email: 'mia@example.com',
  firstname: 'Mia',
  lastname: 'Stone',
  first_name: 'Mia',
  last_name: 'Stone',
  user_type: 'manager' as const,
  employee_id: null,
};

function entry(id: number, last: string, average: number, count = 3): AverageScoreEntry {
  return {
    id,
    first_name: 'Sam',
    last_name: last,
    email: `sam.${last.toLowerCase()}@example.com`,
    position: 'Lecturer',
    department: 'CIT',
    performance_metrics: { average_value: average, total_metrics: average ? count : 0 },
    average_score: average,
  };
}

const ENTRIES = [
  entry(1, 'Top', 100),
  entry(2, 'Eighty', 80),
  entry(3, 'Almost', 79.99),
  entry(4, 'Sixty', 60),
  entry(5, 'Forty', 40),
  entry(6, 'Tiny', 0.01),
  entry(7, 'None', 0),
];

const ok = (data: unknown): StubbedResponse => ({ body: { success: true, message: 'ok', data } });
const page = (employees: AverageScoreEntry[], total = employees.length) =>
  ok({ employees, pagination: { page: 1, limit: 25, total } });
const FIRST = 'GET /api/metrics/average?page=1&limit=25&sort=name&order=asc';

function renderWith(routes: Record<string, StubbedResponse>, user = MANAGER) {
  writeSession({ token: 'token', user });
  const calls = stubFetch(routes);
  renderWithProviders(<AverageScoresPage />, { path: '/average-scores' });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('/average-scores', () => {
  it('shows each employee with a one-decimal score and the band at its exact thresholds', async () => {
    renderWith({ [FIRST]: page(ENTRIES) });
    expect(screen.getByText('Loading average scores...')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Employee', 'Position', 'Department', 'Average Score', 'Performance']);
    const rows = within(table).getAllByRole('row').slice(1);
    const shown = rows.map((row) => {
      const cells = within(row).getAllByRole('cell');
      return [within(cells[3]!).getByTestId('average-score').textContent, cells[4]!.textContent];
    });
    expect(shown).toEqual([
      ['100.0%', 'Excellent'],
      ['80.0%', 'Excellent'],
      ['80.0%', 'Good'],
      ['60.0%', 'Good'],
      ['40.0%', 'Fair'],
      ['0.0%', 'Poor'],
      ['0.0%', 'No Data'],
    ]);
    expect(rows[0]).toHaveTextContent('Sam Top');
    expect(rows[0]).toHaveTextContent('sam.top@example.com');
    expect(rows[0]).toHaveTextContent('Lecturer');
    expect(rows[0]).toHaveTextContent('CIT');
    // The label's colour is its band's, and it says the band in words.
    expect(within(rows[0]!).getByText('Excellent').closest('[data-band]')).toHaveAttribute(
      'data-band',
      'Excellent',
    );
  });

  it('shows "0.0%" when the score is absent', async () => {
    const absent = {
      ...entry(9, 'Blank', 0),
      performance_metrics: undefined,
      average_score: undefined,
    } as unknown as AverageScoreEntry;
    renderWith({
      [FIRST]: page([{ ...absent, performance_metrics: { total_metrics: 0 } } as never]),
    });
    expect(await screen.findByTestId('average-score')).toHaveTextContent('0.0%');
    expect(screen.getByText('No Data')).toBeInTheDocument();
  });

  it('searches, sorts and pages on the server', async () => {
    const user = userEvent.setup();
    const calls = renderWith({
      [FIRST]: page(ENTRIES, 60),
      'GET /api/metrics/average?page=1&limit=25&sort=score&order=asc': page(ENTRIES, 60),
      'GET /api/metrics/average?page=1&limit=25&sort=score&order=desc': page(ENTRIES, 60),
      'GET /api/metrics/average?page=2&limit=25&sort=score&order=desc': page(ENTRIES, 60),
      'GET /api/metrics/average?page=1&limit=25&search=sam&sort=score&order=desc': page(
        ENTRIES.slice(0, 1),
      ),
    });
    await screen.findByRole('table');
    expect(screen.getByText('Showing 1–25 of 60 employees')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sort by Average Score' }));
    await user.click(screen.getByRole('button', { name: 'Sort by Average Score' }));
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Sort by Average Score' }).closest('th'),
      ).toHaveAttribute('aria-sort', 'descending'),
    );
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(calls.at(-1)?.path).toBe('/api/metrics/average?page=2&limit=25&sort=score&order=desc'),
    );

    await user.type(screen.getByRole('textbox', { name: 'Search employees' }), 'sam');
    await waitFor(() =>
      expect(calls.at(-1)?.path).toBe(
        '/api/metrics/average?page=1&limit=25&search=sam&sort=score&order=desc',
      ),
    );
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
  });

  it('says when nobody matches and shows a failed load as "Error: {message}"', async () => {
    renderWith({ [FIRST]: { status: 500, body: { success: false, message: 'Server busy' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Server busy');
    expect(screen.getByText('No employees found')).toBeInTheDocument();
  });

  it('sends an employee to the dashboard', () => {
    const calls = renderWith(
      {},
      { ...MANAGER, user_type: 'employee' as never, employee_id: 5 as never },
    );
    expect(screen.queryByRole('heading', { name: 'Average Scores' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
