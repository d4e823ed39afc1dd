import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RankingEntry } from '#contract/insights';
import { writeSession } from '../../lib/session-storage';
import { stubFetch, type StubbedResponse } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import Top10Page from './top10-page';

vi.setConfig({ testTimeout: 30_000 });

const EMPLOYEE = {
  id: 7,
  email: 'kim.lee@example.com',
  firstname: 'Kim',
  lastname: 'Lee',
  first_name: 'Kim',
  last_name: 'Lee',
  user_type: 'employee' as const,
  employee_id: 5,
};

const NAMES = [
  ['Ada', 'Okafor'],
  ['Ben', 'Ng'],
  ['Cleo', 'Diaz'],
  ['Dev', 'Patel'],
  ['Eva', 'Berg'],
  ['Finn', 'Moss'],
  ['Gia', 'Rossi'],
  ['Hal', 'Kim'],
  ['Ivy', 'Lund'],
  ['Jon', 'Wu'],
  ['Kai', 'Sato'],
  ['Lea', 'Roux'],
  ['Max', 'Vega'],
] as const;

function rankings(count: number): RankingEntry[] {
  return NAMES.slice(0, count).map(([first, last], index) => ({
    id: index + 1,
    rank: index + 1,
    first_name: first,
    last_name: last,
    position: 'Lecturer',
    department: index % 2 ? 'Commerce' : 'CIT',
    average_score: 95.25 - index * 5,
    total_metrics: index === 0 ? 1 : 12 - index,
  }));
}

const ok = (data: unknown): StubbedResponse => ({ body: { success: true, message: 'ok', data } });

function renderWith(route: StubbedResponse) {
  writeSession({ token: 'token', user: EMPLOYEE });
  stubFetch({ 'GET /api/employees/rank': route });
  renderWithProviders(<Top10Page />, { path: '/top10' });
}

afterEach(() => vi.unstubAllGlobals());

describe('/top10', () => {
  it('shows the podium with 3 rankings, second, first and third from left to right', async () => {
    renderWith(ok({ rankings: rankings(3) }));
    expect(screen.getByText('Loading rankings...')).toBeInTheDocument();
    const podium = await screen.findByRole('region', { name: 'Top Performers' });
    const places = within(podium).getAllByRole('listitem');
    // Read in rank order; laid out second, first, third.
    expect(places.map((place) => place.getAttribute('aria-label'))).toEqual([
      '1st place: Ada Okafor',
      '2nd place: Ben Ng',
      '3rd place: Cleo Diaz',
    ]);
    const visual = [...places].sort((a, b) => Number(a.style.order) - Number(b.style.order));
    expect(visual.map((place) => place.dataset.rank)).toEqual(['2', '1', '3']);
    expect(within(places[0]!).getByRole('img', { name: 'Gold medal' })).toBeInTheDocument();
    expect(places[0]).toHaveTextContent('95.3%');
    expect(within(places[1]!).getByRole('img', { name: 'Silver medal' })).toBeInTheDocument();
    expect(within(places[2]!).getByRole('img', { name: 'Bronze medal' })).toBeInTheDocument();
  });

  it('shows no podium with only 2 rankings, but still the grid', async () => {
    renderWith(ok({ rankings: rankings(2) }));
    const grid = await screen.findByRole('region', { name: 'Complete Rankings' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Top Performers' })).toBeNull();
    expect(screen.queryByText('Top Performers')).toBeNull();
  });

  it('lists everyone with ordinal, initials, name, position, department, score and metric count', async () => {
    renderWith(ok({ rankings: rankings(13) }));
    const grid = await screen.findByRole('region', { name: 'Complete Rankings' });
    const items = within(grid).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByTestId('rank-ordinal').textContent)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '5th',
      '6th',
      '7th',
      '8th',
      '9th',
      '10th',
      '11th',
      '12th',
      '13th',
    ]);
    expect(items[0]).toHaveTextContent('1stAOAda OkaforLecturerCIT95.3%Excellent1 metric');
    expect(items[3]).toHaveTextContent('4thDPDev PatelLecturerCommerce80.3%Excellent9 metrics');
    expect(items[10]).toHaveTextContent('11th');
    expect(items[10]).toHaveTextContent('45.3%Fair');
  });

  it('says "No rankings available" when nobody is ranked', async () => {
    renderWith(ok({ rankings: [] }));
    expect(await screen.findByText('No rankings available')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Top Performers' })).toBeNull();
  });

  it('shows a failed load as "Error: {message}"', async () => {
    renderWith({ status: 500, body: { success: false, message: 'Server busy' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Server busy');
  });
});
