import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListPanel, type ListPanelProps } from './list-panel';
import { singularOf } from './table-pager';

function renderPanel(props: Partial<ListPanelProps> & { total: number; noun?: string }) {
  const { total, noun = 'employees', ...rest } = props;
  return render(
    <MantineProvider env="test">
      <ListPanel
        pager={{ page: 1, limit: 25, total, onPageChange: () => undefined, noun }}
        {...rest}
      >
        <table>
          <tbody>
            <tr>
              <td>a row</td>
            </tr>
          </tbody>
        </table>
      </ListPanel>
    </MantineProvider>,
  );
}

describe('the count under a list', () => {
  it('shows no count while the first page loads, only the loading text', () => {
    renderPanel({ total: 0, loading: 'Loading employees...' });
    expect(screen.getByText('Loading employees...')).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).toBeNull();
  });

  it('names one row in the singular', () => {
    renderPanel({ total: 1 });
    expect(screen.getByText('Showing 1–1 of 1 employee')).toBeInTheDocument();
  });

  it('names several rows in the plural', () => {
    renderPanel({ total: 240 });
    expect(screen.getByText('Showing 1–25 of 240 employees')).toBeInTheDocument();
  });

  it('says nothing of 0–0 beside an empty list: the empty text says it', () => {
    renderPanel({ total: 0, empty: 'No employees found' });
    expect(screen.getByText('No employees found')).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).toBeNull();
  });

  it.each([
    ['employees', 'employee'],
    ['metric types', 'metric type'],
    ['values', 'value'],
    ['bonuses', 'bonus'],
    ['users', 'user'],
    ['questions', 'question'],
  ])('calls one of the %s a %s', (plural, one) => {
    expect(singularOf(plural)).toBe(one);
    renderPanel({ total: 1, noun: plural });
    expect(screen.getByText(`Showing 1–1 of 1 ${one}`)).toBeInTheDocument();
  });
});
