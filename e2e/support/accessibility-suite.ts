/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { appRoute, describeInBrowser } from './browser';
import { useDemoServer } from './demo-server';
import { SCREENS, settle, type Viewer } from './screens';
import { saveScreenshot, screenshotsWanted } from './screenshots';
import { viewerPages } from './viewer-pages';

/**
 * Issue 8: every screen and the main modals and menus, in one theme, with no serious or critical
 * axe-core violation, on the demo organisation so screens are as full as in use. One spec file
 * per theme (accessibility-light.spec.ts, accessibility-dark.spec.ts), so the two run side by
 * side. The keyboard (keyboard.spec.ts), the theme (theme.spec.ts) and phones
 * (phone-layout.spec.ts) have their own files. With SCREENSHOTS=1 the light pass (and a few
 * screens of the dark one) saves the README's gallery.
 */

export type Scheme = 'light' | 'dark';

/** The README's gallery: taken in the light pass, and these also in the dark one. */
const GALLERY = new Set([
  'landing',
  'sign-in',
  'dashboard',
  'employee-dashboard',
  'staff',
  'metrics',
  'bonuses',
  'top10',
  'average-scores',
  'responses',
  'audit',
]);
const DARK_GALLERY = new Set(['dashboard', 'bonuses']);

/** The suite for one theme: its own demo server, browser and signed-in pages. */
export function describeAccessibility(scheme: Scheme) {
  describeInBrowser(`accessibility: every screen and modal in the ${scheme} theme`, (session) => {
    const demo = useDemoServer();
    const pages = viewerPages(session, demo);
    // Less motion: Mantine skips its transitions, so axe never sees a half-faded colour.
    const pageFor = (viewer: Viewer, scheme: Scheme) =>
      pages(viewer, scheme, { colorScheme: scheme, reducedMotion: 'reduce' });

    /** Draws the dashboard's lazy charts, then goes back to the top, for a full screenshot. */
    async function drawCharts(page: Page) {
      for (const figure of await page.getByRole('figure').all()) {
        await figure.scrollIntoViewIfNeeded();
        await figure.locator('.recharts-surface').first().waitFor();
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.mouse.move(0, 0);
    }

    // One test per screen, each with the whole time limit: in one test, the nineteen screens'
    // axe runs outgrew it whenever other work shared the two cores.
    for (const screen of SCREENS) {
      it(`finds no serious problem on the ${screen.name} screen in the ${scheme} theme`, async () => {
        const page = await pageFor(screen.viewer, scheme);
        await page.goto(appRoute(demo().server, screen.route));
        await settle(page, screen);
        expect(await page.title(), screen.name).toBe(screen.title);
        expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
        const found = await seriousViolations(page);

        const gallery = scheme === 'light' ? GALLERY : DARK_GALLERY;
        if (screenshotsWanted() && gallery.has(screen.name)) {
          const dashboard = screen.name === 'dashboard';
          if (dashboard) await drawCharts(page);
          await saveScreenshot(page, scheme === 'light' ? screen.name : `${screen.name}-dark`, {
            fullPage: dashboard,
          });
        }
        expect(found, screen.name).toEqual([]);
      });
    }

    it(`finds no serious problem in the main modals and menus in the ${scheme} theme`, async () => {
      const problems: Record<string, string[]> = {};
      /** Opens a dialog, lets `prepare` fill it, runs axe, and closes it with Escape. */
      async function check(
        page: Page,
        open: () => Promise<void>,
        name: string,
        prepare?: (dialog: Locator) => Promise<void>,
      ) {
        await open();
        const dialog = page.getByRole('dialog', { name });
        await dialog.waitFor();
        await prepare?.(dialog);
        const found = await seriousViolations(page);
        if (found.length > 0) problems[name] = found;
        // An open dropdown takes the first Escape; the second closes the modal.
        for (let presses = 0; presses < 3 && (await dialog.isVisible()); presses++) {
          await page.keyboard.press('Escape');
          await page.waitForTimeout(100);
        }
        await dialog.waitFor({ state: 'hidden' });
      }
      const click = (page: Page, name: string | RegExp) => () =>
        page.getByRole('button', { name }).first().click();

      const admin = await pageFor('admin', scheme);
      await admin.goto(appRoute(demo().server, '/staff'));
      await settle(admin, { heading: 'Staff Management' });
      await check(admin, click(admin, 'Add New Staff'), 'Add New Staff', async (dialog) => {
        // The form's own errors, tied to their fields, and the folded details.
        await dialog.getByRole('button', { name: 'Add Staff' }).click();
        await dialog.getByText('First name is required').waitFor();
        await dialog.getByRole('button', { name: /More details/ }).click();
        await dialog.getByRole('textbox', { name: 'Employee ID' }).waitFor();
      });
      await check(admin, click(admin, /^Edit /), 'Edit Staff Member');
      await check(admin, click(admin, /^Delete /), 'Delete Staff Member');

      await admin.goto(appRoute(demo().server, '/users'));
      await settle(admin, { heading: 'User Management' });
      await check(admin, click(admin, 'Add User'), 'Add User');
      await check(admin, click(admin, 'Link Employee'), 'Link Employee', async (dialog) => {
        await dialog.getByRole('group').first().waitFor();
      });

      await admin.goto(appRoute(demo().server, '/audit'));
      await settle(admin, { heading: 'Audit Trails' });
      const firstEntry = admin.getByRole('button', { name: /^View / }).first();
      const entryName = (await firstEntry.getAttribute('aria-label'))!.replace(
        /^View | of .*$/g,
        '',
      );
      await check(admin, () => firstEntry.click(), entryName);

      await check(admin, click(admin, 'Change Password'), 'Change Password');
      await admin.getByRole('button', { name: /^Account menu for/ }).click();
      await admin.getByRole('menu').waitFor();
      const menuProblems = await seriousViolations(admin);
      if (menuProblems.length > 0) problems['account menu'] = menuProblems;
      await admin.keyboard.press('Escape');

      const manager = await pageFor('manager', scheme);
      await manager.goto(appRoute(demo().server, '/metric-setup'));
      await settle(manager, { heading: 'Metric Setup' });
      await check(manager, click(manager, 'Add Metric Type'), 'Add Metric Type');
      await manager.goto(appRoute(demo().server, '/metrics'));
      await settle(manager, { heading: 'Performance Metrics' });
      await check(manager, click(manager, 'Add Metric'), 'Add Performance Metric');
      await manager.goto(appRoute(demo().server, '/bonuses'));
      await settle(manager, { heading: 'Bonus Management' });
      await check(manager, click(manager, 'Add Bonus'), 'Add Bonus', async (dialog) => {
        // An employee chosen: their metrics are listed in the modal.
        await dialog.getByRole('combobox', { name: 'Employee' }).click();
        await manager.getByRole('option').first().click();
        await dialog.getByRole('region', { name: /^Performance metrics of / }).waitFor();
      });
      await manager.goto(appRoute(demo().server, '/responses'));
      await settle(manager, { heading: 'Actions' });
      await check(manager, click(manager, 'Ask a question'), 'Ask a question');

      expect(problems).toEqual({});
    });
  });
}
