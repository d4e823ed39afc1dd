import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import PrivacyPage from './privacy-page';
import TermsPage from './terms-page';

describe.each([
  { Page: PrivacyPage, path: '/privacy', title: 'Privacy Policy' },
  { Page: TermsPage, path: '/terms', title: 'Terms of Service' },
])('$title page', ({ Page, path, title }) => {
  it('shows its title and a way back to the home page', () => {
    renderWithProviders(<Page />, { path });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('points people to their HR administrator', () => {
    renderWithProviders(<Page />, { path });
    expect(screen.getAllByText(/contact your HR administrator/i).length).toBeGreaterThan(0);
  });
});
