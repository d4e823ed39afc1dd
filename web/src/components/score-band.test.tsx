import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { ScoreBandBadge } from './score-band';

function labelFor(score: number | null | undefined) {
  const view = render(
    <MantineProvider env="test">
      <ScoreBandBadge score={score} data-testid="badge" />
    </MantineProvider>,
  );
  const label = screen.getByTestId('badge').textContent;
  view.unmount();
  return label;
}

describe('the Performance label', () => {
  it.each([
    [100, 'Excellent'],
    [80, 'Excellent'],
    [79.99, 'Good'],
    [60, 'Good'],
    [59.99, 'Fair'],
    [40, 'Fair'],
    [39.99, 'Poor'],
    [0.01, 'Poor'],
    [0, 'No Data'],
    [null, 'No Data'],
    [undefined, 'No Data'],
  ])('reads %s as %s, in words', (score, label) => {
    expect(labelFor(score)).toBe(label);
  });
});
