import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { writeSession } from '../../lib/session-storage';
import { renderWithProviders } from '../../test/render';
import LandingPage from './landing-page';

function renderLanding() {
  return renderWithProviders(<LandingPage />, { path: '/' });
}

/** The mobile menu the burger button controls (jsdom has no media queries, so both menus exist). */
function mobileMenu() {
  const burger = screen.getByRole('button', { name: 'Toggle menu' });
  const menu = document.getElementById(burger.getAttribute('aria-controls') ?? '');
  if (!menu) throw new Error('the burger controls no element');
  return { burger, menu };
}

describe('LandingPage', () => {
  it('shows the title as the only top-level heading', () => {
    renderLanding();
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent("Transform Your Team's Performance Management");
  });

  it('shows the university logo', () => {
    renderLanding();
    expect(screen.getByRole('img', { name: 'University logo' })).toBeInTheDocument();
  });

  it('sends Sign In and every Get Started to the sign-in page', () => {
    renderLanding();
    const links = [
      ...screen.getAllByRole('link', { name: 'Sign In' }),
      ...screen.getAllByRole('link', { name: 'Get Started' }),
    ];
    // Header Sign In and Get Started, hero, features and closing call to action.
    expect(links.length).toBeGreaterThanOrEqual(5);
    for (const link of links) expect(link.getAttribute('href')).toMatch(/\/signin$/);
  });

  it('offers a signed-in visitor Go to Dashboard in place of Sign In', () => {
    writeSession({
      token: 'tok',
      user: {
        id: 1,
        email: 'ada@example.com',
        firstname: 'Ada',
        lastname: 'Lovelace',
        first_name: 'Ada',
        last_name: 'Lovelace',
        user_type: 'manager',
        employee_id: null,
      },
    });
    renderLanding();
    // The header's and the folded phone menu's.
    expect(screen.queryByRole('link', { name: 'Sign In', hidden: true })).toBeNull();
    const links = screen.getAllByRole('link', { name: 'Go to Dashboard', hidden: true });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/dashboard');
  });

  it('links the main navigation to the dashboard, privacy and terms pages', () => {
    renderLanding();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(nav).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    expect(within(nav).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
  });

  it('links the footer to the privacy and terms pages', () => {
    renderLanding();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(within(footer).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
  });

  it('lists six features, each under its own heading', () => {
    renderLanding();
    const features = document.getElementById('features')!;
    expect(within(features).getByRole('heading', { level: 2 })).toBeInTheDocument();
    const names = within(features)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual([
      'Goal Setting & Tracking',
      'Performance Analytics',
      'Automated Reviews',
      '360-Degree Feedback',
      'Recognition & Rewards',
      'Development Planning',
    ]);
    expect(within(features).getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/signin',
    );
  });

  it('scrolls to the features when View All Features is pressed', async () => {
    const user = userEvent.setup();
    renderLanding();
    const features = document.getElementById('features')!;
    let scrolled = false;
    features.scrollIntoView = () => {
      scrolled = true;
    };
    await user.click(screen.getByRole('button', { name: 'View All Features' }));
    expect(scrolled).toBe(true);
    expect(features).toHaveFocus();
  });

  it('closes with four labelled highlights: Analytics, Goals, Team and Reports', () => {
    renderLanding();
    const cta = screen.getByRole('region', { name: /ready to bring/i });
    const items = within(cta).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Analytics',
      'Goals',
      'Team',
      'Reports',
    ]);
  });

  it('opens and closes the mobile menu with its button', async () => {
    const user = userEvent.setup();
    renderLanding();
    const { burger, menu } = mobileMenu();
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(within(menu).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();

    await user.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(await within(menu).findByRole('link', { name: 'Dashboard' })).toBeVisible();

    await user.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() =>
      expect(within(menu).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument(),
    );
  });

  it('closes the mobile menu when one of its links is followed', async () => {
    const user = userEvent.setup();
    renderLanding();
    const { burger, menu } = mobileMenu();
    await user.click(burger);
    const terms = await within(menu).findByRole('link', { name: 'Terms' });
    expect(terms).toHaveAttribute('href', '/terms');

    await user.click(terms);
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() =>
      expect(within(menu).queryByRole('link', { name: 'Terms' })).not.toBeInTheDocument(),
    );
  });
});
