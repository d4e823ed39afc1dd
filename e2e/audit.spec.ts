import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { saveScreenshot } from './support/screenshots';
import { appRoute, callApi, describeInBrowser, signInThroughForm } from './support/browser';

/** Serious and critical accessibility problems axe finds in the page's main content. */
async function seriousViolations(page: Page, include: string) {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describeInBrowser('the audit trail', (session) => {
  it('lets an admin find a refused sign-in by searching and read the whole entry', async () => {
    const { server } = session();
    // Something to find: a refused sign-in for an address nobody else uses.
    const probe = `audit.probe.${randomBytes(4).toString('hex')}@example.com`;
    const refused = await callApi(server, 'POST', '/api/auth/login', {
      body: { email: probe, password: 'not-the-password' },
    });
    expect(refused.status).toBe(401);

    const page = await session().newPage();
    await signInThroughForm(page, server, server.admin.email, server.admin.password);
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Audit Trails' })
      .click();
    await page.waitForURL(/#\/audit$/);
    await page.getByRole('heading', { level: 1, name: 'Audit Trails' }).waitFor();
    // The admin's own sign-in a moment ago is there, newest first.
    await expect
      .poll(() => page.getByRole('row').nth(1).textContent())
      .toContain(`(${server.admin.email}) signed in`);

    await page.getByRole('searchbox', { name: 'Search' }).fill(probe.toUpperCase());
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    const row = page.getByRole('row').nth(1);
    expect(await row.textContent()).toContain('User Login Failed');
    expect(await page.getByText('Showing 1–1 of 1').count()).toBe(1);
    expect(await seriousViolations(page, '#main-content')).toEqual([]);

    await row.getByRole('button', { name: /^View User Login Failed/ }).click();
    const dialog = page.getByRole('dialog', { name: 'User Login Failed' });
    await dialog.waitFor();
    const text = await dialog.textContent();
    expect(text).toContain(`Sign-in refused for ${probe}: wrong email or password`);
    expect(text).toContain('Nobody signed in');
    expect(text).toContain('127.0.0.1');
    expect(await dialog.getByText('Nothing recorded').count()).toBe(2);
    await page.waitForTimeout(400); // let the modal finish opening before a screenshot
    await saveScreenshot(page, 'audit-entry');
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('searchbox', { name: 'Search' }).fill('no such entry anywhere');
    await page.getByText('No audit trails match "no such entry anywhere".').waitFor();
  });

  it('works on a phone: the table scrolls and the entry fills the screen', async () => {
    const { server } = session();
    const page = await session().newPage({ viewport: { width: 390, height: 844 } });
    await signInThroughForm(page, server, server.admin.email, server.admin.password);
    await page.goto(appRoute(server, '/audit'));
    await page.getByRole('heading', { level: 1, name: 'Audit Trails' }).waitFor();
    const firstView = page.getByRole('button', { name: /^View / }).first();
    await firstView.scrollIntoViewIfNeeded();
    await firstView.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const box = await page.locator('.mantine-Modal-content').boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(389);
    await page.waitForTimeout(400);
    await saveScreenshot(page, 'audit-entry-phone');
    // The page itself never scrolls sideways; only the table does.
    const overflow = Number(
      await page.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      ),
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
