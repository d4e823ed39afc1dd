import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserType } from '#contract/roles';
import { writeSession } from '../../lib/session-storage';
import { stubFetch, type StubbedResponse } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { GoogleSignInNote } from './components/google-sign-in-note';
import UsersPage from './users-page';

vi.setConfig({ testTimeout: 30_000 });

const NOTE = 'Google sign-in is off';
const config = (clientId: string | null): StubbedResponse => ({
  body: { success: true, message: 'Sign-in configuration', data: { google_client_id: clientId } },
});
const EMPTY_LIST: StubbedResponse = {
  body: {
    success: true,
    message: 'Users',
    data: { users: [], pagination: { page: 1, limit: 25, total: 0 } },
  },
};

function signInAs(user_type: UserType) {
  writeSession({
    token: 'token',
    user: {
      id: 1,
      email: 'ada@example.com',
      firstname: 'Ada',
      lastname: 'Admin',
      first_name: 'Ada',
      last_name: 'Admin',
      user_type,
      employee_id: null,
    },
  });
}

function openUsers(clientId: string | null) {
  signInAs('admin');
  const calls = stubFetch({
    'GET /api/auth/config': config(clientId),
    'GET /api/users?page=1&limit=25&sort=created_at&order=desc': EMPTY_LIST,
  });
  renderWithProviders(<UsersPage />, { path: '/users' });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the Google sign-in note in User Management', () => {
  it('tells an admin that Google sign-in is off and how to turn it on', async () => {
    openUsers(null);
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(NOTE);
    expect(note).toHaveTextContent('GOOGLE_CLIENT_ID');
    expect(note).toHaveTextContent('README, “Google sign-in”');
  });

  it('says nothing while Google sign-in is on', async () => {
    const calls = openUsers('1234-abc.apps.googleusercontent.com');
    await screen.findByText('No users found');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/auth/config')).toBe(true));
    // The configuration has answered: the note would be there by now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(NOTE)).toBeNull();
  });

  it('is for admins only', async () => {
    signInAs('manager');
    const calls = stubFetch({ 'GET /api/auth/config': config(null) });
    renderWithProviders(<GoogleSignInNote />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(NOTE)).toBeNull();
    // Not even asked: the configuration is of no use to anyone else here.
    expect(calls).toHaveLength(0);
  });
});
