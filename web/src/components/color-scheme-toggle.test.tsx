import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { COLOR_SCHEME_STORAGE_KEY, colorSchemeManager } from '../lib/color-scheme';
import { ColorSchemeToggle } from './color-scheme-toggle';

function renderToggle() {
  return render(
    <MantineProvider defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <ColorSchemeToggle />
    </MantineProvider>,
  );
}

afterEach(() => document.documentElement.removeAttribute('data-mantine-color-scheme'));

describe('the theme switch', () => {
  it('follows the system (light here) until used, then remembers the choice', async () => {
    renderToggle();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('light');
  });

  it('starts from a remembered choice', () => {
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'dark');
    renderToggle();
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });
});
