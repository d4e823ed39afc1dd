import { Notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserType } from '#contract/roles';
import { fileNameFromDisposition } from '../../lib/api-transfer';
import { writeSession } from '../../lib/session-storage';
import { renderWithProviders } from '../../test/render';
import { ExportCsvButton } from './export-csv-button';

vi.setConfig({ testTimeout: 30_000 });

function signIn(user_type: UserType) {
  writeSession({
    token: 'tok',
    user: {
      id: 1,
      email: 'm@example.com',
      firstname: 'M',
      lastname: 'N',
      first_name: 'M',
      last_name: 'N',
      user_type,
      employee_id: null,
    },
  });
}

function renderButton() {
  renderWithProviders(
    <>
      <Notifications />
      <ExportCsvButton
        path="/employees/export.csv"
        query={{ search: 'ada', department: 'CIT', status: undefined, sort: 'last_name' }}
        access="hr"
        fallbackName="staff.csv"
      />
    </>,
  );
}

let saved: { href: string; download: string }[] = [];
beforeEach(() => {
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ href: this.href, download: this.download });
  });
  URL.createObjectURL = vi.fn(() => 'blob:csv-1');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Export CSV', () => {
  it('is not shown to a role the export route refuses', () => {
    signIn('employee');
    renderButton();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it("downloads the screen's filters with the caller's token under the server's file name", async () => {
    signIn('manager');
    let release: () => void = () => undefined;
    const fetchStub = vi.fn(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return new Response('\uFEFFemployee_code,first_name\r\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="staff-2025-01-31.csv"',
        },
      });
    });
    vi.stubGlobal('fetch', fetchStub);
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(fetchStub).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveAttribute('data-loading');
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/employees/export.csv?search=ada&department=CIT&sort=last_name');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok' });
    release();
    await waitFor(() =>
      expect(saved).toEqual([{ href: 'blob:csv-1', download: 'staff-2025-01-31.csv' }]),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Export CSV' })).not.toHaveAttribute(
        'data-loading',
      ),
    );
  });

  it('shows "Error: {message}" when the server refuses', async () => {
    signIn('admin');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, message: 'department is not known' }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Error: department is not known')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('reads the file name of Content-Disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="audit-trail-2025-02-01.csv"')).toBe(
      'audit-trail-2025-02-01.csv',
    );
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''caf%C3%A9.csv")).toBe('café.csv');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
