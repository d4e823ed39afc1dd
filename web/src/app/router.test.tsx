import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../lib/session-storage';
import { AppProviders } from './providers';
import { RouteErrorBoundary } from './route-error';
import { AppRouter } from './router';

vi.setConfig({ testTimeout: 30_000 });

function openApp(hash: string) {
  window.location.hash = hash;
  render(
    <AppProviders>
      <AppRouter />
    </AppProviders>,
  );
}

function signInAsAdmin() {
  writeSession({
    token: 'tok',
    user: {
      id: 1,
      email: 'a@example.com',
      firstname: 'A',
      lastname: 'Admin',
      first_name: 'A',
      last_name: 'Admin',
      user_type: 'admin',
      employee_id: null,
    },
  });
}

function signInAsEmployee() {
  writeSession({
    token: 'tok',
    user: {
      id: 2,
      email: 'e@example.com',
      firstname: 'E',
      lastname: 'Employee',
      first_name: 'E',
      last_name: 'Employee',
      user_type: 'employee',
      employee_id: 7,
    },
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  window.location.hash = '';
  // Entering /dashboard starts loading the frame's and the page's code, signed in or not; let
  // it finish before the test environment goes.
  await Promise.all([
    import('./layout/app-layout'),
    import('../features/dashboard/dashboard-page'),
  ]);
});

describe('the app router', () => {
  it('shows a public page and names it in the tab', async () => {
    openApp('#/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Privacy Policy · SPMS'));
  });

  it('loads a lazy page for an address nothing else matches', async () => {
    openApp('#/no-such-screen');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Page not found · SPMS'));
  });

  it('sends a signed-out visitor of a signed-in screen to sign in', async () => {
    openApp('#/dashboard');
    await waitFor(() => expect(window.location.hash).toBe('#/signin'));
    await waitFor(() => expect(document.title).toBe('Sign in · SPMS'));
  });

  it.each(['#/staff', '#/create'])(
    'sends an employee who opens %s, a screen of HR, to the dashboard',
    async (hash) => {
      // The dashboard's calls stay unanswered: only where the employee lands matters here.
      vi.stubGlobal(
        'fetch',
        vi.fn(() => new Promise<Response>(() => undefined)),
      );
      signInAsEmployee();
      openApp(hash);
      await waitFor(() => expect(window.location.hash).toBe('#/dashboard'));
      await waitFor(() => expect(document.title).toBe('Dashboard · SPMS'));
      expect(screen.queryByRole('heading', { name: 'Staff Management' })).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Add New Staff Member' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Add Staff Member' })).toBeNull();
    },
  );

  it("starts the dashboard's calls on entering it and signs out on an answer of 401", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        calls.push(String(input));
        return new Response(JSON.stringify({ success: false, message: 'Unauthorized' }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    signInAsAdmin();
    openApp('#/dashboard');
    await waitFor(() => expect(calls.some((path) => path.endsWith('/hr/metrics'))).toBe(true));
    await waitFor(() => expect(window.location.hash).toBe('#/signin'));
    expect(localStorage.getItem('token')).toBeNull();
    // The sign-in page says why the person is there.
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeVisible();
  });
});

function Broken(): never {
  throw new Error('The chunk could not be loaded');
}

describe('RouteErrorBoundary', () => {
  it('shows what failed in place of the page, and clears on moving elsewhere', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <AppProviders>
        <RouteErrorBoundary pathname="/staff">
          <Broken />
        </RouteErrorBoundary>
      </AppProviders>,
    );
    expect(screen.getByText('This page could not be shown')).toBeVisible();
    expect(screen.getByText('The chunk could not be loaded')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();

    rerender(
      <AppProviders>
        <RouteErrorBoundary pathname="/dashboard">
          <p>The dashboard</p>
        </RouteErrorBoundary>
      </AppProviders>,
    );
    expect(screen.getByText('The dashboard')).toBeVisible();
    expect(screen.queryByText('This page could not be shown')).toBeNull();
  });
});
