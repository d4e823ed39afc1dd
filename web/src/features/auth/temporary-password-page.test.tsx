import { screen, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { AppRouter } from '../../app/router';
import { readSession, writeSession } from '../../lib/session-storage';
import { stubFetch } from '../../test/fetch-stub';

vi.setConfig({ testTimeout: 30_000 });

const USER = {
  id: 7,
  email: 'tempo@example.com',
  firstname: 'Tempo',
  lastname: 'Rary',
  first_name: 'Tempo',
  last_name: 'Rary',
  user_type: 'manager' as const,
  employee_id: null,
};

function openApp(hash: string) {
  window.location.hash = hash;
  render(
    <AppProviders>
      <AppRouter />
    </AppProviders>,
  );
}

async function fill(current: string, next: string, confirm: string) {
  const events = userEvent.setup();
  await events.type(screen.getByLabelText(/^Current Password/), current);
  await events.type(screen.getByLabelText(/^New Password/), next);
  await events.type(screen.getByLabelText(/^Confirm New Password/), confirm);
  await events.click(screen.getByRole('button', { name: 'Change Password' }));
}

afterEach(async () => {
  vi.unstubAllGlobals();
  window.location.hash = '';
  localStorage.clear();
  await Promise.all([import('../../app/layout/app-layout'), import('../dashboard/dashboard-page')]);
});

describe('a temporary password', () => {
  it('opens the change-password form at sign-in and says why', async () => {
    const calls = stubFetch({
      'GET /api/auth/config': {
        body: { success: true, message: 'Sign-in configuration', data: { google_client_id: null } },
      },
      'POST /api/auth/login': {
        body: {
          success: true,
          message: 'Login successful',
          data: { token: 'temporary-token', user: { ...USER, must_change_password: true } },
        },
      },
    });
    openApp('#/signin');
    const events = userEvent.setup();
    await events.type(await screen.findByLabelText(/^Email/), USER.email);
    await events.type(screen.getByLabelText(/^Password/), 'Tmp9PassWord4You');
    await events.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeVisible();
    expect(
      screen.getByText('Your password is temporary. Choose a new one to continue.'),
    ).toBeVisible();
    // None of the signed-in frame: no menu, no way to another screen.
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull();
    // Nothing else was asked of the API, which would refuse it.
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/auth/config',
      'POST /api/auth/login',
    ]);
  });

  it('keeps the form on every screen until the password is changed, then shows the screen', async () => {
    writeSession({ token: 'temporary-token', user: { ...USER, must_change_password: true } });
    const calls = stubFetch({
      'PUT /api/users/change-password': {
        body: {
          success: true,
          message: 'Password changed successfully!',
          data: { token: 'fresh' },
        },
      },
    });
    openApp('#/staff');
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    window.location.hash = '#/users';
    await waitFor(() => expect(window.location.hash).toBe('#/users'));
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();

    // The same password is refused before anything is sent.
    await fill('Tmp9PassWord4You', 'Tmp9PassWord4You', 'Tmp9PassWord4You');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The new password must be different from the current one',
    );
    expect(calls).toHaveLength(0);

    const events = userEvent.setup();
    for (const label of [/^New Password/, /^Confirm New Password/]) {
      await events.clear(screen.getByLabelText(label));
      await events.type(screen.getByLabelText(label), 'my-own-choice');
    }
    await events.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Choose a new password' })).toBeNull(),
    );
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: '/api/users/change-password',
      body: { oldPassword: 'Tmp9PassWord4You', newPassword: 'my-own-choice' },
    });
    expect(readSession()).toEqual({
      token: 'fresh',
      user: { ...USER, must_change_password: false },
    });
  });

  it('lets the person sign out instead', async () => {
    writeSession({ token: 'temporary-token', user: { ...USER, must_change_password: true } });
    stubFetch({
      'GET /api/auth/config': {
        body: { success: true, message: 'Sign-in configuration', data: { google_client_id: null } },
      },
    });
    openApp('#/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(readSession()).toBeNull();
  });
});
