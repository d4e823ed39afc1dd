import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../../lib/session-storage';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { ChangePasswordModal } from './change-password-modal';
import { validatePasswordChange } from './password-change-form';

// Typing into three fields takes seconds when the machine is busy.
vi.setConfig({ testTimeout: 30_000 });

const USER = {
  id: 1,
  email: 'ada@example.com',
  firstname: 'Ada',
  lastname: 'Lovelace',
  first_name: 'Ada',
  last_name: 'Lovelace',
  user_type: 'admin' as const,
  employee_id: null,
};

async function fill(current: string, next: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Current Password/), current);
  await user.type(screen.getByLabelText(/^New Password/), next);
  await user.type(screen.getByLabelText(/^Confirm New Password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('change password rules (SPEC.md section 5)', () => {
  it('needs the current password, matching new passwords, and at least 8 characters', () => {
    expect(validatePasswordChange({ current: '', next: 'abcdefgh', confirm: 'abcdefgh' })).toBe(
      'Current password is required',
    );
    expect(validatePasswordChange({ current: 'x', next: 'abcdefgh', confirm: 'abcdefgX' })).toBe(
      'New passwords do not match',
    );
    expect(validatePasswordChange({ current: 'x', next: 'short', confirm: 'short' })).toBe(
      'New password must be at least 8 characters long',
    );
    expect(
      validatePasswordChange({ current: 'x', next: 'abcdefgh', confirm: 'abcdefgh' }),
    ).toBeNull();
    expect(
      validatePasswordChange({ current: 'abcdefgh', next: 'abcdefgh', confirm: 'abcdefgh' }),
    ).toBe('The new password must be different from the current one');
  });
});

describe('change password modal', () => {
  it('shows a mismatch without sending anything', async () => {
    const calls = stubFetch({});
    renderWithProviders(<ChangePasswordModal opened onClose={() => undefined} />);
    await fill('old-password', 'new-password-1', 'new-password-2');
    expect(await screen.findByRole('alert')).toHaveTextContent('New passwords do not match');
    expect(calls).toHaveLength(0);
  });

  it('shows the server message on failure, or the fallback', async () => {
    stubFetch({
      'PUT /api/users/change-password': {
        status: 400,
        body: { success: false, message: 'Current password is incorrect' },
      },
    });
    renderWithProviders(<ChangePasswordModal opened onClose={() => undefined} />);
    await fill('wrong', 'new-password', 'new-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
  });

  it('reports success, keeps the fresh token and closes after two seconds', async () => {
    writeSession({ token: 'old-token', user: USER });
    const calls = stubFetch({
      'PUT /api/users/change-password': {
        body: {
          success: true,
          message: 'Password changed successfully!',
          data: { token: 'fresh-token' },
        },
      },
    });
    const onClose = vi.fn();
    renderWithProviders(<ChangePasswordModal opened onClose={onClose} />);
    await fill('old-password', 'new-password', 'new-password');
    expect(await screen.findByRole('status')).toHaveTextContent('Password changed successfully!');
    expect(calls[0]!.body).toEqual({ oldPassword: 'old-password', newPassword: 'new-password' });
    expect(localStorage.getItem('token')).toBe('fresh-token');
    expect(onClose).not.toHaveBeenCalled();
    await act(() => new Promise((resolve) => setTimeout(resolve, 2100)));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
