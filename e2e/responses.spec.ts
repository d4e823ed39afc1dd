import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  appRoute,
  callApi,
  describeInBrowser,
  signInThroughForm,
  tokenFor,
  replaceTemporaryPassword,
} from './support/browser';
import { saveScreenshot } from './support/screenshots';

/** Issue 6 end to end: HR asks, the employee answers, HR reads it, an admin finds it in /audit. */

const run = Date.now().toString(36);

/** Serious and critical accessibility problems axe finds in the page's main content. */
async function seriousViolations(page: Page, include = '#main-content') {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

async function openActions(page: Page) {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Actions' })
    .click();
  await page.waitForURL(/#\/responses$/);
  await page.getByRole('heading', { level: 1, name: 'Actions' }).waitFor();
}

describeInBrowser('questions and answers', (session) => {
  it('HR asks, the employee answers in place, HR reads the answer, an admin finds it in /audit', async () => {
    const { server } = session();
    const adminToken = await tokenFor(server, server.admin.email, server.admin.password);

    // A manager and an employee with an account, arranged through the API.
    const manager = { email: `e2e.asker.${run}@example.com`, password: 'manager-password-1' };
    const createdManager = await callApi(server, 'POST', '/api/users', {
      token: adminToken,
      body: { ...manager, firstname: 'Quinn', lastname: 'Asker', user_type: 'manager' },
    });
    expect(createdManager.status).toBe(201);
    const lastName = `Answerer${run}`;
    const employeeName = `Ada ${lastName}`;
    const employeeEmail = `ada.${run}@example.com`;
    const createdEmployee = await callApi<{ employee: { id: number } }>(
      server,
      'POST',
      '/api/employees',
      {
        token: adminToken,
        body: {
          first_name: 'Ada',
          last_name: lastName,
          email: employeeEmail,
          position: 'Lecturer',
          department: 'CIT',
          join_date: '2024-02-01',
        },
      },
    );
    expect(createdEmployee.status).toBe(201);
    const linked = await callApi<{ temporary_password: string }>(
      server,
      'POST',
      `/api/employees/${createdEmployee.body.data.employee.id}/link-employee`,
      { token: adminToken },
    );
    expect(linked.status).toBe(201);
    const employeePassword = await replaceTemporaryPassword(
      server,
      employeeEmail,
      linked.body.data.temporary_password,
    );

    // HR asks through the modal, choosing the employee from the searchable list.
    const question = `What would make the lab safer? ${run}`;
    const hr = await session().newPage();
    await signInThroughForm(hr, server, manager.email, manager.password);
    await openActions(hr);
    await hr.getByRole('button', { name: 'Ask a question' }).click();
    const ask = hr.getByRole('dialog', { name: 'Ask a question' });
    await ask.getByRole('textbox', { name: 'Question' }).fill(question);
    await ask.getByRole('combobox', { name: 'Employees' }).fill(lastName);
    await hr.getByRole('option', { name: new RegExp(employeeName) }).click();
    // Picking keeps the list open for more; clicking elsewhere closes it.
    await ask.getByRole('textbox', { name: 'Question' }).click();
    await hr.getByRole('listbox').waitFor({ state: 'hidden' });
    await hr.waitForTimeout(300); // let the modal settle before a screenshot
    await saveScreenshot(hr, 'responses-ask');
    expect(await seriousViolations(hr, '[role="dialog"]')).toEqual([]);
    await ask.getByRole('button', { name: 'Ask Question' }).click();
    await ask.waitFor({ state: 'hidden' });
    // The new question is pending, so the pending ones are shown.
    const asked = hr.getByRole('article', { name: question });
    await asked.waitFor();
    expect(await asked.textContent()).toContain('Pending');
    expect(await asked.textContent()).toContain(employeeEmail);
    expect(await seriousViolations(hr)).toEqual([]);

    // The employee signs in, sees it pending and answers it.
    const employee = await session().newPage();
    await signInThroughForm(employee, server, employeeEmail, employeePassword);
    // The navigation counts the question waiting for them (issue 56 point 14).
    const actions = employee
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Actions, 1 pending', exact: true });
    await actions.waitFor();
    await openActions(employee);
    const card = employee.getByRole('article', { name: question });
    await card.waitFor();
    expect(await card.getByText('Pending', { exact: true }).count()).toBe(1);
    expect(await card.textContent()).not.toContain(employeeEmail);
    const submit = card.getByRole('button', { name: 'Submit Response' });
    expect(await submit.isDisabled()).toBe(true);
    await saveScreenshot(employee, 'responses-employee');
    expect(await seriousViolations(employee)).toEqual([]);

    // Hold the answer back a moment so the busy state can be seen.
    await employee.route('**/api/responses', async (route) => {
      if (route.request().method() === 'PUT') await new Promise((done) => setTimeout(done, 600));
      await route.continue();
    });
    const answer = 'Label every cupboard and add a second eye-wash station.';
    await card.getByRole('textbox', { name: 'Your response' }).fill(`  ${answer}  `);
    await submit.click();
    await card.getByRole('button', { name: 'Submitting...' }).waitFor();
    await card.getByText('Your Response:').waitFor();
    expect(await card.textContent()).toContain(answer);
    expect(await card.getByText('Already responded').count()).toBe(1);
    expect(await card.getByText('Responded', { exact: true }).count()).toBe(1);
    expect(await card.getByRole('textbox').count()).toBe(0);
    // Answered, nothing waits: the count goes.
    await employee
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Actions', exact: true })
      .waitFor();
    expect(await seriousViolations(employee)).toEqual([]);
    await employee.reload();
    await employee.getByRole('article', { name: question }).getByText('Your Response:').waitFor();

    // HR reads the answer: answered ones are the default view.
    await hr.goto(appRoute(server, '/dashboard'));
    await openActions(hr);
    const read = hr.getByRole('article', { name: question });
    await read.waitFor();
    const text = await read.textContent();
    expect(text).toContain(answer);
    expect(text).toContain(employeeName);
    expect(text).toContain(employeeEmail);
    expect(text).toContain('Already responded');
    expect(await seriousViolations(hr)).toEqual([]);

    // An admin finds the answer in the audit trail by searching the employee's name.
    const admin = await session().newPage();
    await signInThroughForm(admin, server, server.admin.email, server.admin.password);
    await admin.goto(appRoute(server, '/audit'));
    await admin.getByRole('heading', { level: 1, name: 'Audit Trails' }).waitFor();
    await admin.getByRole('searchbox', { name: 'Search' }).fill(employeeName);
    const row = admin.getByRole('row').filter({ hasText: 'Question Answered' });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${employeeName} (${employeeEmail}) answered`);
    await row.getByRole('button', { name: /^View Question Answered/ }).click();
    const entry = admin.getByRole('dialog', { name: 'Question Answered' });
    await entry.waitFor();
    const entryText = await entry.textContent();
    expect(entryText).toContain(answer);
    expect(entryText).toContain(employeeEmail);
    // Asking was recorded too, naming the same person.
    expect(await admin.getByRole('row').filter({ hasText: 'Question Asked' }).count()).toBe(1);
  });
});
