import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  appRoute,
  callApi,
  createStaffMember,
  describeInBrowser,
  signInThroughForm,
  tokenFor,
  replaceTemporaryPassword,
} from './support/browser';
import type { E2eServer } from './global-setup';
import { saveScreenshot } from './support/screenshots';

/** Issue 4 end to end: metric types, values, the range error, bonuses and the employee's view. */

const run = Date.now().toString(36);

interface People {
  manager: { email: string; password: string };
  employee: { email: string; password: string; name: string };
}

let arranged: Promise<People> | undefined;

/**
 * A manager with a known password, and an employee record linked to an account whose
 * temporary password the link answers. Arranged once through the API.
 */
function arrangePeople(server: E2eServer): Promise<People> {
  arranged ??= (async () => {
    const adminToken = await tokenFor(server, server.admin.email, server.admin.password);
    const manager = { email: `perf.manager.${run}@example.com`, password: 'manager-password-1' };
    const createdManager = await callApi(server, 'POST', '/api/users', {
      token: adminToken,
      body: { ...manager, firstname: 'Petra', lastname: 'Manager', user_type: 'manager' },
    });
    expect(createdManager.status).toBe(201);

    const employeeEmail = `erin.${run}@example.com`;
    const staff = await createStaffMember(server, adminToken, {
      first_name: 'Erin',
      last_name: `Perf${run}`,
      email: employeeEmail,
      position: 'Lecturer',
      department: 'Commerce',
      join_date: '2022-09-01',
    });
    const link = await callApi<{ temporary_password: string }>(
      server,
      'POST',
      `/api/employees/${staff.id}/link-employee`,
      { token: adminToken },
    );
    expect(link.status).toBe(201);
    return {
      manager,
      employee: {
        email: employeeEmail,
        password: await replaceTemporaryPassword(
          server,
          employeeEmail,
          link.body.data.temporary_password,
        ),
        name: `Erin Perf${run}`,
      },
    };
  })();
  return arranged;
}

async function goToSection(page: Page, link: string, heading: string) {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: link })
    .click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

/** Types in a searchable select and picks the option. */
async function pick(
  page: Page,
  scope: Locator | Page,
  label: string,
  search: string,
  option: RegExp,
) {
  const box = scope.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: option }).click();
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describeInBrowser(
  'performance data: metric types, values, bonuses and the employee view',
  (session) => {
    it('lets a manager define a type, record a value (refusing one out of range) and award a bonus; the employee then sees both, view only', async () => {
      const { server } = session();
      const { manager, employee } = await arrangePeople(server);
      const typeName = `Attendance ${run}`;
      const bonusName = `Spring award ${run}`;

      const page = await session().newPage();
      const metricPosts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/api/performance-metrics')) {
          metricPosts.push(request.postData() ?? '');
        }
      });
      await signInThroughForm(page, server, manager.email, manager.password);

      // A metric type with a range of 1 to 50.
      await goToSection(page, 'Metric Setup', 'Metric Setup');
      await page.getByRole('button', { name: 'Add Metric Type' }).click();
      const typeForm = page.getByRole('dialog', { name: 'Add Metric Type' });
      await typeForm.getByRole('textbox', { name: 'Metric Name' }).fill(typeName);
      await typeForm.getByRole('textbox', { name: 'Description' }).fill('Classes attended');
      await typeForm.getByRole('combobox', { name: 'Unit' }).fill('points');
      await typeForm.getByRole('spinbutton', { name: 'Min Value' }).fill('1');
      await typeForm.getByRole('spinbutton', { name: 'Max Value' }).fill('50');
      await typeForm.getByRole('button', { name: 'Add Metric Type' }).click();
      await typeForm.waitFor({ state: 'hidden' });
      const typeRow = page.getByRole('row').filter({ hasText: typeName });
      await typeRow.waitFor();
      expect(await typeRow.textContent()).toContain('Classes attended');
      expect(await typeRow.textContent()).toContain('points');

      // A value: 75 is outside 1 to 50 and is refused before anything is sent; 45 is recorded.
      await goToSection(page, 'Performance Metrics', 'Performance Metrics');
      await page.getByRole('button', { name: 'Add Metric' }).click();
      const metricForm = page.getByRole('dialog', { name: 'Add Performance Metric' });
      await pick(page, metricForm, 'User', `Perf${run}`, new RegExp(employee.name));
      await pick(page, metricForm, 'Metric Type', typeName, new RegExp(typeName));
      await metricForm.getByText('Allowed values: 1 to 50').waitFor();
      const value = metricForm.getByRole('spinbutton', { name: /^Value/ });
      await value.fill('75');
      await metricForm.getByRole('button', { name: 'Add Metric' }).click();
      await metricForm.getByText('Value must be between 1 and 50').waitFor();
      expect(metricPosts).toEqual([]);

      await value.fill('45');
      await metricForm.getByRole('textbox', { name: 'Comment' }).fill('Never missed a class');
      await metricForm.getByRole('button', { name: 'Add Metric' }).click();
      await metricForm.waitFor({ state: 'hidden' });
      expect(metricPosts).toHaveLength(1);
      expect(JSON.parse(metricPosts[0]!)).toMatchObject({ value: 45 });
      const metricRow = page.getByRole('row').filter({ hasText: employee.name });
      await metricRow.waitFor();
      expect(await metricRow.textContent()).toContain(typeName);
      expect(await metricRow.textContent()).toContain('45');
      await saveScreenshot(page, 'performance-metrics');

      // A bonus, with the employee's metrics listed in the modal.
      await goToSection(page, 'Bonuses', 'Bonus Management');
      await page.getByRole('button', { name: 'Add Bonus' }).click();
      const bonusForm = page.getByRole('dialog', { name: 'Add Bonus' });
      await pick(page, bonusForm, 'Employee', `Perf${run}`, new RegExp(employee.name));
      const theirMetrics = bonusForm.getByRole('region', {
        name: `Performance metrics of ${employee.name}`,
      });
      await theirMetrics.getByText('45 points').waitFor();
      expect(await theirMetrics.textContent()).toContain('Never missed a class');
      await bonusForm.getByRole('textbox', { name: 'Bonus Name' }).fill(bonusName);
      await bonusForm.getByRole('textbox', { name: 'Description' }).fill('For perfect attendance');
      await bonusForm.getByRole('button', { name: 'Dispense Bonus' }).click();
      await bonusForm.waitFor({ state: 'hidden' });
      const bonusRow = page.getByRole('row').filter({ hasText: bonusName });
      await bonusRow.waitFor();
      expect(await bonusRow.textContent()).toContain(employee.email);

      // The employee sees both, view only.
      const employeePage = await session().newPage();
      await signInThroughForm(employeePage, server, employee.email, employee.password);
      await goToSection(employeePage, 'Performance Metrics', 'Your Performance Metrics');
      expect(employeePage.url()).toMatch(/#\/my-metrics$/);
      const main = employeePage.getByRole('main');
      await main.getByText('View Only').waitFor();
      const metricCard = main.getByRole('listitem', { name: typeName });
      await metricCard.waitFor();
      expect(await metricCard.textContent()).toContain('45');
      expect(await metricCard.textContent()).toContain('points');
      expect(await metricCard.textContent()).toContain('Recorded');
      expect(await main.getByRole('button').count()).toBe(0);
      await saveScreenshot(employeePage, 'my-metrics');

      await goToSection(employeePage, 'Bonuses', 'Your Bonuses');
      expect(employeePage.url()).toMatch(/#\/my-bonuses$/);
      const bonusCard = main.getByRole('listitem', { name: bonusName });
      await bonusCard.waitFor();
      expect(await bonusCard.textContent()).toContain('For perfect attendance');
      expect(await bonusCard.textContent()).toContain('Awarded');
      expect(await main.getByRole('button').count()).toBe(0);

      // An employee who types an HR address is sent to their own list.
      await employeePage.goto(appRoute(server, '/metrics'));
      await employeePage.waitForURL(/#\/my-metrics$/);
    });

    it('keeps the tables usable on a phone: they scroll sideways inside the page', async () => {
      const { server } = session();
      const { manager } = await arrangePeople(server);
      const page = await session().newPage({ viewport: { width: 390, height: 844 } });
      await signInThroughForm(page, server, manager.email, manager.password);
      for (const [route, heading] of [
        ['/metrics', 'Performance Metrics'],
        ['/metric-setup', 'Metric Setup'],
        ['/bonuses', 'Bonus Management'],
      ] as const) {
        await page.goto(appRoute(server, route));
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await page.getByRole('table').first().waitFor();
        const overflow = await page.evaluate(
          'document.documentElement.scrollWidth - document.documentElement.clientWidth',
        );
        expect(overflow, route).toBeLessThanOrEqual(0);
      }
    });

    it('has no serious accessibility problems on the five performance screens', async () => {
      const { server } = session();
      const { manager, employee } = await arrangePeople(server);
      const page = await session().newPage();
      await signInThroughForm(page, server, manager.email, manager.password);
      for (const [route, heading, loading] of [
        ['/metric-setup', 'Metric Setup', 'Loading metric types...'],
        ['/metrics', 'Performance Metrics', 'Loading performance metrics...'],
        ['/bonuses', 'Bonus Management', 'Loading bonuses...'],
      ] as const) {
        await page.goto(appRoute(server, route));
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await page.getByText(loading).waitFor({ state: 'detached' });
        expect(await seriousViolations(page), route).toEqual([]);
      }

      // The Add Bonus modal with an employee's metrics listed.
      await page.getByRole('button', { name: 'Add Bonus' }).click();
      const bonusForm = page.getByRole('dialog', { name: 'Add Bonus' });
      await pick(page, bonusForm, 'Employee', `Perf${run}`, new RegExp(employee.name));
      await bonusForm
        .getByRole('region', { name: `Performance metrics of ${employee.name}` })
        .waitFor();
      expect(await seriousViolations(page), 'Add Bonus modal').toEqual([]);

      const employeePage = await session().newPage();
      await signInThroughForm(employeePage, server, employee.email, employee.password);
      for (const [route, heading, loading] of [
        ['/my-metrics', 'Your Performance Metrics', 'Loading performance metrics...'],
        ['/my-bonuses', 'Your Bonuses', 'Loading bonuses...'],
      ] as const) {
        await employeePage.goto(appRoute(server, route));
        await employeePage.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await employeePage.getByText(loading).waitFor({ state: 'detached' });
        expect(await seriousViolations(employeePage), route).toEqual([]);
      }
    });
  },
);
