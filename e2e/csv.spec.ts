import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { CreateEmployeeInput, Employee } from '#contract/employees';
import type { E2eServer } from './global-setup';
import {
  appRoute,
  callApi,
  createStaffMember,
  describeInBrowser,
  signInThroughForm,
  tokenFor,
  replaceTemporaryPassword,
} from './support/browser';
import { saveScreenshot } from './support/screenshots';

/** Issue 8 end to end: Export CSV on the table screens and Import CSV of staff and metric values. */

const run = Date.now().toString(36);

interface Download {
  fileName: string;
  text: string;
  rows: Record<string, string>[];
}

/** Clicks Export CSV and reads the file the browser saved. */
async function exportThroughButton(page: Page): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const path = await download.path();
  const text = await readFile(path, 'utf8');
  const rows = parse(text, { columns: true, bom: true, skip_empty_lines: true }) as Record<
    string,
    string
  >[];
  return { fileName: download.suggestedFilename(), text, rows };
}

/** Waits until the list counts `total` employees (the search applies after a pause). */
async function waitForTotal(page: Page, total: number) {
  const people = total === 1 ? 'employee' : 'employees';
  await page.getByText(new RegExp(`^Showing \\d+–\\d+ of ${total} ${people}$`)).waitFor();
}

async function goTo(page: Page, server: E2eServer, route: string, heading: string) {
  await page.goto(appRoute(server, route));
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

/** Opens the import modal, sets the file and the mode; answers the dialog. */
async function openImport(
  page: Page,
  title: string,
  file: { name: string; text: string },
  mode: 'All or nothing' | 'Valid rows only',
): Promise<Locator> {
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: file.name,
    mimeType: 'text/csv',
    buffer: Buffer.from(file.text, 'utf8'),
  });
  await dialog.getByText(file.name).waitFor();
  await dialog.getByRole('radio', { name: new RegExp(mode) }).check();
  return dialog;
}

/** The four totals of the report, as shown. */
async function reportTotals(dialog: Locator) {
  const report = dialog.getByRole('region', { name: 'Import report' });
  const text = (await report.textContent()) ?? '';
  const figure = (label: string) =>
    Number(new RegExp(`${label}\\s*([\\d,]+)`).exec(text)?.[1]?.replaceAll(',', ''));
  return {
    text,
    read: figure('Rows read'),
    valid: figure('Valid'),
    imported: figure('Imported'),
    refused: figure('Refused'),
  };
}

/** Runs a check or an import and waits for the report carrying the server's `message`. */
async function runImport(dialog: Locator, button: 'Check file' | 'Import', message: string) {
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog
    .getByRole('region', { name: 'Import report' })
    .filter({ hasText: message })
    .waitFor();
  return reportTotals(dialog);
}

async function staffNamed(server: E2eServer, token: string, search: string) {
  const found = await callApi<{ employees: Employee[] }>(
    server,
    'GET',
    `/api/employees?search=${encodeURIComponent(search)}&limit=1000`,
    { token },
  );
  expect(found.status).toBe(200);
  return found.body.data.employees;
}

/** A record without what the database assigns (id, timestamps). */
function comparable(employee: Employee) {
  const { id: _id, created_at: _created, updated_at: _updated, ...fields } = employee;
  return fields;
}

describeInBrowser('CSV: export of every table and import of staff and metric values', (session) => {
  it('exports staff and imports the file again: deleted people come back with the same fields, existing ones are refused as duplicates', async () => {
    const { server } = session();
    const token = await tokenFor(server, server.admin.email, server.admin.password);
    const tag = `Csvrt${run}`;
    const create = (
      fields: Omit<CreateEmployeeInput, 'position' | 'join_date'> &
        Partial<Pick<CreateEmployeeInput, 'position' | 'join_date'>>,
    ) =>
      createStaffMember(server, token, {
        position: 'Lecturer',
        join_date: '2021-02-03',
        ...fields,
      });
    const manager = await create({
      first_name: 'Mona',
      last_name: `${tag}Boss`,
      email: `mona.${run}@example.com`,
      department: 'CIT',
      employee_code: `M-${run}`,
    });
    await create({
      first_name: 'Ada',
      last_name: `${tag}Lovelace`,
      email: `ada.${run}@example.com`,
      phone: '+1 555 010 2000',
      department: 'Commerce',
      position: 'Senior Lecturer',
      join_date: '2019-11-30',
      status: 'on-leave',
      salary: 51234.5,
      employee_code: `A-${run}`,
      employment_type: 'contract',
      location: 'remote',
      manager_id: manager.id,
      skills: ['Analysis; engines', 'Poetry'],
      notes: '=SUM(A1) is text, "quoted", and\nspans two lines',
    });
    await create({
      first_name: 'Émile',
      last_name: `${tag}Zola`,
      email: `emile.${run}@example.com`,
      department: 'Media Studies',
    });
    const before = await staffNamed(server, token, tag);
    expect(before).toHaveLength(3);

    const page = await session().newPage();
    await signInThroughForm(page, server, server.admin.email, server.admin.password);
    await goTo(page, server, '/staff', 'Staff Management');
    await page.getByRole('textbox', { name: 'Search staff' }).fill(tag);
    await waitForTotal(page, 3);
    await page
      .getByRole('row')
      .filter({ hasText: `Émile ${tag}Zola` })
      .waitFor();
    const exported = await exportThroughButton(page);
    expect(exported.fileName).toMatch(/^staff-\d{4}-\d{2}-\d{2}\.csv$/);
    // The search applies to the file: our three people, nobody else.
    expect(exported.rows.map((row) => row.email).sort()).toEqual(
      before.map((employee) => employee.email).sort(),
    );

    // Two leave; the manager stays, so the file's manager_email must find her again.
    for (const employee of before.filter((e) => e.id !== manager.id)) {
      const deleted = await callApi(server, 'DELETE', `/api/employees/${employee.id}`, { token });
      expect(deleted.status).toBe(200);
    }
    await page.reload();
    await page.getByRole('heading', { name: 'Staff Management', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Search staff' }).fill(tag);
    await waitForTotal(page, 1);
    await page
      .getByRole('row')
      .filter({ hasText: `Mona ${tag}Boss` })
      .waitFor();
    expect(
      await page
        .getByRole('row')
        .filter({ hasText: `Ada ${tag}Lovelace` })
        .count(),
    ).toBe(0);

    const dialog = await openImport(
      page,
      'Import Staff',
      { name: exported.fileName, text: exported.text },
      'Valid rows only',
    );
    const checked = await runImport(
      dialog,
      'Check file',
      'Checked 3 rows: 2 rows can be imported, 1 row would be refused',
    );
    expect(checked).toMatchObject({ read: 3, valid: 2, imported: 0, refused: 1 });
    // Mona, still on the staff, is row 2 (the list's order): refused for her email and her ID.
    const problems = await dialog
      .getByRole('table', { name: /Refused rows/ })
      .getByRole('row')
      .allTextContents();
    expect(problems.slice(1)).toEqual([
      '2employee_codeAn employee with this Employee ID already exists',
      '2emailAn employee with this email already exists',
    ]);
    expect(await staffNamed(server, token, tag)).toHaveLength(1);

    const imported = await runImport(dialog, 'Import', '2 rows imported, 1 row refused');
    expect(imported).toMatchObject({ read: 3, valid: 2, imported: 2, refused: 1 });
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    // The list reloaded: the two are back on screen.
    await page
      .getByRole('row')
      .filter({ hasText: `Ada ${tag}Lovelace` })
      .waitFor();

    // Same records: every field but the ids and timestamps the database assigns.
    const after = await staffNamed(server, token, tag);
    const byEmail = (list: Employee[]) =>
      Object.fromEntries(list.map((employee) => [employee.email, comparable(employee)]));
    expect(byEmail(after)).toEqual(byEmail(before));
    // And the export of the restored staff is the same file, byte for byte.
    const again = await exportThroughButton(page);
    expect(again.text).toBe(exported.text);
  });

  it('stores nothing from a file with bad rows all or nothing, and exactly the valid rows with "Valid rows only"', async () => {
    const { server } = session();
    const token = await tokenFor(server, server.admin.email, server.admin.password);
    const typeName = `Csv punctuality ${run}`;
    const type = await callApi<{ metric_type: { id: number } }>(
      server,
      'POST',
      '/api/metric-types',
      {
        token,
        body: {
          metric_name: typeName,
          description: 'Imported in the CSV test',
          measurement_unit: 'percent',
          minimum_value: null,
          maximum_value: 90,
        },
      },
    );
    expect(type.status, type.body.message).toBe(201);
    const email = `ivy.${run}@example.com`;
    const { id: employeeId } = await createStaffMember(server, token, {
      first_name: 'Ivy',
      last_name: `Csvbad${run}`,
      email,
      position: 'Technician',
      department: 'Civil Engineering',
      join_date: '2020-01-06',
    });
    const csv = [
      'employee_email,metric_name,value,comment,created_at',
      `${email},${typeName},75,On time,2024-01-15`,
      `${email},${typeName},95,Above the type's maximum,`,
      `nobody.${run}@example.com,${typeName},50,,`,
      `${email},${typeName},60.5,,2099-01-01`,
      `${email},${typeName},61.25,"Late, once",`,
    ].join('\n');
    const storedValues = async () => {
      const list = await callApi<{
        performance_metrics: { value: number; comment: string | null; created_at: string }[];
      }>(server, 'GET', `/api/performance-metrics?user_id=${employeeId}&limit=1000`, { token });
      expect(list.status).toBe(200);
      return list.body.data.performance_metrics;
    };

    const page = await session().newPage();
    await signInThroughForm(page, server, server.admin.email, server.admin.password);
    await goTo(page, server, '/metrics', 'Performance Metrics');
    const file = { name: 'values.csv', text: csv };

    const strict = await openImport(page, 'Import Performance Metrics', file, 'All or nothing');
    const refused = await runImport(
      strict,
      'Import',
      'Nothing imported: 3 of 5 rows were refused (all or nothing)',
    );
    expect(refused).toMatchObject({ read: 5, valid: 2, imported: 0, refused: 3 });
    const problems = strict.getByRole('table', { name: /Refused rows/ }).getByRole('row');
    const rowNumbers = (await problems.allTextContents()).slice(1).map((text) => text[0]);
    expect(rowNumbers).toEqual(['3', '4', '5']);
    expect(await storedValues()).toEqual([]);
    await saveScreenshot(page, 'csv-import-report');
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    const serious = axe.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''));
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);

    // Nothing was lost: file and mode are still chosen; switch the mode and import again.
    await strict.getByText(file.name).waitFor();
    await strict.getByRole('radio', { name: /Valid rows only/ }).check();
    const lenient = await runImport(strict, 'Import', '2 rows imported, 3 rows refused');
    expect(lenient).toMatchObject({ read: 5, valid: 2, imported: 2, refused: 3 });
    const values = await storedValues();
    expect(values.map((value) => value.value).sort()).toEqual([61.25, 75]);
    expect(values.find((value) => value.value === 75)?.created_at).toMatch(/^2024-01-1[45]/);
    expect(values.find((value) => value.value === 61.25)?.comment).toBe('Late, once');

    await strict.getByRole('button', { name: 'Close' }).last().click();
    await strict.waitFor({ state: 'hidden' });
    await page
      .getByRole('row')
      .filter({ hasText: `Ivy Csvbad${run}` })
      .first()
      .waitFor();
  });

  it('shows the upload progress, then the report of a large file cut at 1,000 problems', async () => {
    const { server } = session();
    const page = await session().newPage();
    await signInThroughForm(page, server, server.admin.email, server.admin.password);
    await goTo(page, server, '/metrics', 'Performance Metrics');
    // 5,000 rows naming nobody: every one refused, the list cut at 1,000.
    const rows = Array.from(
      { length: 5000 },
      (_, index) => `ghost.${index}.${run}@example.com,No such metric ${run},50,padding padding`,
    );
    const file = {
      name: 'large.csv',
      text: ['employee_email,metric_name,value,comment', ...rows].join('\n'),
    };
    const dialog = await openImport(page, 'Import Performance Metrics', file, 'All or nothing');
    // About 300 KB at 100 KB/s: the bar has time to move.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 100 * 1024,
    });
    await dialog.getByRole('button', { name: 'Check file', exact: true }).click();
    const sending = dialog.getByRole('progressbar', { name: 'Sending file…' });
    await sending.waitFor();
    // The bar moves with the bytes sent: some part of the file, while it is still sending.
    await expect
      .poll(async () => Number(await sending.getAttribute('aria-valuenow', { timeout: 2000 })))
      .toBeGreaterThan(0);
    expect(await dialog.getByText(/^Sending file… \d+%$/).count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Close' }).last().isDisabled()).toBe(true);
    const report = dialog.getByRole('region', { name: 'Import report' });
    await report.waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(await reportTotals(dialog)).toMatchObject({
      read: 5000,
      valid: 0,
      imported: 0,
      refused: 5000,
    });
    expect(await report.textContent()).toContain(
      'Only the first 1,000 problems are listed; 5,000 rows were refused in all.',
    );
  });

  it('exports only the rows a filter shows, and offers the export on every table screen', async () => {
    const { server } = session();
    const token = await tokenFor(server, server.admin.email, server.admin.password);
    const tag = `Csvdept${run}`;
    for (const [first, department] of [
      ['Ann', 'Electrical Engineering'],
      ['Ben', 'Electrical Engineering'],
      ['Cal', 'CIT'],
    ] as const) {
      await createStaffMember(server, token, {
        first_name: first,
        last_name: tag,
        email: `${first.toLowerCase()}.${tag.toLowerCase()}@example.com`,
        position: 'Lecturer',
        department,
        join_date: '2023-04-05',
      });
    }

    const page = await session().newPage();
    await signInThroughForm(page, server, server.admin.email, server.admin.password);
    await goTo(page, server, '/staff', 'Staff Management');
    await page.getByRole('combobox', { name: 'Filter by department' }).click();
    await page.getByRole('option', { name: 'Electrical Engineering', exact: true }).click();
    await page.getByRole('textbox', { name: 'Search staff' }).fill(tag);
    await waitForTotal(page, 2);
    await page
      .getByRole('row')
      .filter({ hasText: `Ben ${tag}` })
      .waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: `Cal ${tag}` })
      .waitFor({ state: 'detached' });
    const filtered = await exportThroughButton(page);
    expect(filtered.rows.map((row) => `${row.first_name} ${row.department}`)).toEqual([
      'Ann Electrical Engineering',
      'Ben Electrical Engineering',
    ]);

    // Without the search, the department filter alone still holds.
    await page.getByRole('textbox', { name: 'Search staff' }).fill('');
    const inDepartment = await callApi<{ pagination: { total: number } }>(
      server,
      'GET',
      `/api/employees?department=${encodeURIComponent('Electrical Engineering')}&limit=1`,
      { token },
    );
    await waitForTotal(page, inDepartment.body.data.pagination.total);
    const department = await exportThroughButton(page);
    expect(department.rows).toHaveLength(inDepartment.body.data.pagination.total);
    expect(new Set(department.rows.map((row) => row.department))).toEqual(
      new Set(['Electrical Engineering']),
    );

    for (const [route, heading, prefix, firstColumn] of [
      ['/metrics', 'Performance Metrics', 'performance-metrics', 'id'],
      ['/bonuses', 'Bonus Management', 'bonuses', 'id'],
      ['/top10', 'Top 10 Performers', 'rankings', 'rank'],
      ['/average-scores', 'Average Scores', 'average-scores', 'employee_id'],
      ['/audit', 'Audit Trails', 'audit-trail', 'id'],
    ] as const) {
      await goTo(page, server, route, heading);
      const file = await exportThroughButton(page);
      expect(file.fileName, route).toMatch(new RegExp(`^${prefix}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
      expect(
        file.text
          .replace(/^\uFEFF/, '')
          .split('\r\n')[0]
          ?.split(',')[0],
        route,
      ).toBe(firstColumn);
    }
  });

  it('shows Export CSV on the rankings to an employee, and no staff export or import', async () => {
    const { server } = session();
    const token = await tokenFor(server, server.admin.email, server.admin.password);
    const staff = await createStaffMember(server, token, {
      first_name: 'Eli',
      last_name: `Csvemp${run}`,
      email: `eli.${run}@example.com`,
      position: 'Lecturer',
      department: 'CIT',
      join_date: '2023-04-05',
    });
    const link = await callApi<{ temporary_password: string }>(
      server,
      'POST',
      `/api/employees/${staff.id}/link-employee`,
      { token },
    );
    expect(link.status).toBe(201);
    const page = await session().newPage();
    await signInThroughForm(
      page,
      server,
      `eli.${run}@example.com`,
      await replaceTemporaryPassword(
        server,
        `eli.${run}@example.com`,
        link.body.data.temporary_password,
      ),
    );
    await goTo(page, server, '/top10', 'Top 10 Performers');
    const file = await exportThroughButton(page);
    expect(file.fileName).toMatch(/^rankings-/);
    // Staff Management is HR's: an employee who opens it is sent to their dashboard (issue 56).
    await page.goto(appRoute(server, '/staff'));
    await page.waitForURL(/#\/dashboard$/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('heading', { name: 'Staff Management' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Import CSV' }).count()).toBe(0);
  });
});
