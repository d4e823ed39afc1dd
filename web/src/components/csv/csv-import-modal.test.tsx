import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportReport } from '#contract/csv-import';
import { writeSession } from '../../lib/session-storage';
import { renderWithProviders } from '../../test/render';
import { CsvImportModal } from './csv-import-modal';

vi.setConfig({ testTimeout: 30_000 });

/** An XMLHttpRequest the test drives: upload progress, end of upload, then the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: string) {
    this.body = JSON.parse(body);
  }
  abort() {
    this.events.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    const event = Object.assign(new Event('progress'), { loaded, total, lengthComputable: true });
    this.upload.dispatchEvent(event);
  }
  uploaded() {
    this.upload.dispatchEvent(new Event('load'));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.statusText = status === 200 ? 'OK' : 'Bad Request';
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }
}

function report(extra: Partial<ImportReport> = {}): ImportReport {
  return {
    mode: 'all_or_nothing',
    dry_run: true,
    total_rows: 3,
    valid_rows: 1,
    imported: 0,
    refused_rows: 2,
    refused: [
      { row: 3, field: 'email', message: 'Email must be a valid email address' },
      { row: 4, message: 'This row has 17 values but the header names 16 columns' },
    ],
    refused_truncated: false,
    ignored_columns: ['favourite_colour'],
    ...extra,
  };
}

const CSV = 'first_name,last_name\nAda,Lovelace\n';

function renderModal(onImported = vi.fn()) {
  renderWithProviders(
    <CsvImportModal
      opened
      onClose={() => undefined}
      title="Import Staff"
      path="/employees/import"
      columns="Columns: first_name, last_name"
      onImported={onImported}
    />,
  );
  return onImported;
}

async function chooseFile(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Import Staff' });
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, new File([CSV], 'staff.csv', { type: 'text/csv' }));
  return dialog;
}

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  writeSession({
    token: 'tok',
    user: {
      id: 1,
      email: 'm@example.com',
      firstname: 'M',
      lastname: 'N',
      first_name: 'M',
      last_name: 'N',
      user_type: 'manager',
      employee_id: null,
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the CSV import modal', () => {
  it('checks the file with the chosen mode, shows upload then server progress, then the report', async () => {
    const user = userEvent.setup();
    const onImported = renderModal();
    const dialog = await chooseFile(user);
    expect(within(dialog).getByText('staff.csv')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /Valid rows only/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }));

    await waitFor(() => expect(FakeXhr.last?.body).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/employees/import');
    expect(xhr.headers).toMatchObject({ Authorization: 'Bearer tok' });
    expect(xhr.body).toEqual({ csv: CSV, mode: 'valid_rows_only', dry_run: true });

    act(() => xhr.progress(40, 100));
    const sending = within(dialog).getByRole('progressbar', { name: 'Sending file…' });
    expect(sending).toHaveAttribute('aria-valuenow', '40');
    expect(within(dialog).getByText('Sending file… 40%')).toBeInTheDocument();

    act(() => xhr.uploaded());
    const working = within(dialog).getByRole('progressbar', { name: 'Checking rows…' });
    expect(working).not.toHaveAttribute('aria-valuenow');

    act(() =>
      xhr.respond(200, {
        success: true,
        message: 'Checked 3 rows: 1 row can be imported, 2 rows would be refused',
        data: { report: report({ mode: 'valid_rows_only' }) },
      }),
    );
    const result = await within(dialog).findByRole('region', { name: 'Import report' });
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(result).toHaveTextContent(
      'Checked 3 rows: 1 row can be imported, 2 rows would be refused',
    );
    expect(result).toHaveTextContent(/Rows read\s*3\s*Valid\s*1\s*Imported\s*0\s*Refused\s*2/);
    expect(result).toHaveTextContent(
      'Ignored columns (not known to this import): favourite_colour',
    );
    const table = within(result).getByRole('table', { name: /Refused rows/ });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent(/Row\s*Column\s*Reason/);
    expect(rows[1]).toHaveTextContent(/3\s*email\s*Email must be a valid email address/);
    expect(rows[2]).toHaveTextContent(/4\s*—\s*This row has 17 values/);

    // Nothing is lost: the file and the mode stay chosen for the real import.
    expect(within(dialog).getByText('staff.csv')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Valid rows only/ })).toBeChecked();
    expect(onImported).not.toHaveBeenCalled();
  });

  it('imports all or nothing by default, says so when nothing was stored, and reloads only after rows were stored', async () => {
    const user = userEvent.setup();
    const onImported = renderModal();
    const dialog = await chooseFile(user);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(FakeXhr.last?.body).not.toBeNull());
    expect(FakeXhr.last!.body).toMatchObject({ mode: 'all_or_nothing', dry_run: false });
    act(() => FakeXhr.last!.uploaded());
    expect(within(dialog).getByRole('progressbar', { name: 'Importing…' })).toBeInTheDocument();
    act(() =>
      FakeXhr.last!.respond(200, {
        success: true,
        message: 'Nothing imported: 2 of 3 rows were refused (all or nothing)',
        data: { report: report({ dry_run: false }) },
      }),
    );
    await within(dialog).findByText('Nothing imported: 2 of 3 rows were refused (all or nothing)');
    expect(onImported).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('radio', { name: /Valid rows only/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(FakeXhr.last!.body).toMatchObject({ mode: 'valid_rows_only' }));
    const stored = report({ dry_run: false, mode: 'valid_rows_only', imported: 1 });
    act(() =>
      FakeXhr.last!.respond(200, {
        success: true,
        message: '1 row imported, 2 rows refused',
        data: { report: stored },
      }),
    );
    await within(dialog).findByText('1 row imported, 2 rows refused');
    expect(onImported).toHaveBeenCalledWith({
      report: stored,
      message: '1 row imported, 2 rows refused',
    });
  });

  it('shows a refused file as "Error: {message}" and keeps the file', async () => {
    const user = userEvent.setup();
    renderModal();
    const dialog = await chooseFile(user);
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }));
    await waitFor(() => expect(FakeXhr.last?.body).not.toBeNull());
    act(() =>
      FakeXhr.last!.respond(400, {
        success: false,
        message: 'The header lacks required columns: email, position',
      }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error: The header lacks required columns: email, position',
    );
    expect(within(dialog).getByText('staff.csv')).toBeInTheDocument();
  });

  it('asks for a file before sending anything', async () => {
    const user = userEvent.setup();
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Import Staff' });
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Error: Choose a CSV file first');
    expect(FakeXhr.last).toBeNull();
  });

  it('labels its controls', async () => {
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Import Staff' });
    expect(within(dialog).getByRole('button', { name: 'CSV file' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radiogroup', { name: 'Mode' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /All or nothing/ })).toBeChecked();
  });
});
