import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { appRoute, describeInBrowser, type NewPageOptions } from './support/browser';
import { useDemoServer } from './support/demo-server';
import { offScreen, pageOverflow, tableProblems } from './support/layout';
import { SCREENS, settle, type Screen } from './support/screens';
import { saveScreenshot } from './support/screenshots';
import { viewerPages } from './support/viewer-pages';

/** A common phone: 390 x 844 CSS pixels, touch, the page's meta viewport honoured. */
const SCREEN = { width: 390, height: 844 };
const PHONE: NewPageOptions = {
  viewport: SCREEN,
  isMobile: true,
  hasTouch: true,
  reducedMotion: 'reduce',
};

/** The modal each screen's main button opens: [button, the dialog's name]. */
const MODALS: Record<string, [string, string]> = {
  staff: ['Add New Staff', 'Add New Staff'],
  users: ['Add User', 'Add User'],
  metrics: ['Add Metric', 'Add Performance Metric'],
  'metric-setup': ['Add Metric Type', 'Add Metric Type'],
  bonuses: ['Add Bonus', 'Add Bonus'],
  responses: ['Ask a question', 'Ask a question'],
};

/** The public pages' menu leads to these; the signed-in sidebar to every screen it lists. */
const PUBLIC_MENU = new Set(['/privacy', '/terms']);

/**
 * Issue 8, phones: every screen, as the person who uses it, at 390 x 844. What someone would
 * notice: the page never scrolls sideways, the heading and main button are on screen, the menu
 * button opens the navigation and its links lead on (each screen is reached that way when it
 * can be), tables scroll in their own box, and modals fit the screen.
 */
describeInBrowser('phone layout', (session) => {
  const demo = useDemoServer();
  const pageFor = viewerPages(session, demo);

  /** Opens the menu and follows its link to `route`; false when the menu has no such link. */
  async function viaMenu(page: Page, screen: Screen): Promise<boolean> {
    const signedIn = screen.viewer !== 'visitor';
    const toggle = page.getByRole('button', {
      name: signedIn ? 'Open navigation' : 'Toggle menu',
    });
    if (!signedIn && !PUBLIC_MENU.has(screen.route)) return false;
    if (!(await toggle.isVisible())) return false;
    const menu = signedIn
      ? page.getByRole('navigation', { name: 'Sections' })
      : page.locator('#landing-mobile-menu').getByRole('navigation', { name: 'Main' });
    const link = menu.locator(`a[href$="#${screen.route}"]`);
    if ((await link.count()) === 0) return false;

    await toggle.tap();
    await link.waitFor();
    // The opened menu is on screen, within its width.
    await expect
      .poll(() => offScreen(link, SCREEN), { message: `menu link to ${screen.route}` })
      .toBeNull();
    if (screen.name === 'bonuses') await saveScreenshot(page, 'phone-navigation');
    await link.tap();
    await page.waitForURL(new RegExp(`#${screen.route}$`));
    // Following a link closes the menu again.
    if (signedIn) {
      await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    } else {
      await menu.waitFor({ state: 'hidden' });
    }
    return true;
  }

  for (const screen of SCREENS) {
    it(`fits ${screen.name} (${screen.route}, ${screen.viewer}) on a phone`, async () => {
      const page = await pageFor(screen.viewer, 'phone', PHONE);
      if (!(await viaMenu(page, screen))) {
        await page.goto(appRoute(demo().server, screen.route));
      }
      await settle(page, screen);

      const heading = page.getByRole('heading', { level: 1, name: screen.heading });
      expect(await offScreen(heading, SCREEN, true), 'the heading').toBeNull();
      expect(await pageOverflow(page, SCREEN.width), 'wider than the screen').toEqual([]);
      expect(await tableProblems(page, SCREEN.width)).toEqual([]);
      if (screen.primaryAction) {
        const action = page.getByRole('button', { name: screen.primaryAction }).first();
        await action.scrollIntoViewIfNeeded();
        expect(await offScreen(action, SCREEN), screen.primaryAction).toBeNull();
      }
      if (screen.name === 'dashboard') await saveScreenshot(page, 'phone-dashboard');

      const modal = MODALS[screen.name];
      if (modal) {
        const [button, name] = modal;
        await page.getByRole('button', { name: button }).first().tap();
        const dialog = page.getByRole('dialog', { name });
        await dialog.waitFor();
        // The modal fills the screen at most; its own content scrolls down, never sideways.
        const content = page.locator('.mantine-Modal-content');
        expect(await offScreen(content, SCREEN), `the ${name} modal`).toBeNull();
        expect(await pageOverflow(page, SCREEN.width), 'with the modal open').toEqual([]);
        await dialog.getByRole('button', { name: 'Close' }).first().tap();
        await dialog.waitFor({ state: 'hidden' });
      }
    });
  }

  it("keeps the employee dashboard's lower sections for screen readers before they are drawn", async () => {
    const page = await pageFor('employee', 'phone', PHONE);
    await page.goto(appRoute(demo().server, '/dashboard'));
    await settle(page, { heading: 'My Dashboard' });
    const section = page.getByRole('region', { name: 'Recent Performance Metrics' });
    await section.getByRole('listitem').first().waitFor({ state: 'attached' });
    // Below the first screen, the browser skips drawing it (below-the-fold.ts)...
    expect(
      await section.evaluate((element) => ({
        skipped: getComputedStyle(element).contentVisibility,
        below: element.getBoundingClientRect().top >= innerHeight,
      })),
    ).toEqual({ skipped: 'auto', below: true });
    // ...yet Chromium's own accessibility tree, which screen readers read, has its content.
    const cdp = await page.context().newCDPSession(page);
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const named = async (role: string, accessibleName: string) => {
      const { nodes } = await cdp.send('Accessibility.queryAXTree', {
        backendNodeId: root.backendNodeId,
        role,
        accessibleName,
      });
      return nodes.filter((node) => !node.ignored).length;
    };
    expect(await named('heading', 'Recent Performance Metrics')).toBe(1);
    expect(await named('heading', 'Your Performance Summary')).toBe(1);
    expect(await named('link', 'View all bonuses')).toBe(1);
  });

  it('fits the change password modal and the account menu on a phone', async () => {
    const page = await pageFor('employee', 'phone', PHONE);
    await page.goto(appRoute(demo().server, '/my-bonuses'));
    await settle(page, { heading: 'Your Bonuses' });
    await page.getByRole('button', { name: 'Change Password' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.waitFor();
    expect(await offScreen(page.locator('.mantine-Modal-content'), SCREEN), 'the modal').toBeNull();
    await dialog.getByRole('button', { name: 'Close' }).first().tap();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Open navigation' }).tap();
    await page.getByRole('button', { name: /^Account menu for / }).tap();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await offScreen(menu, SCREEN), 'the account menu').toBeNull();
    expect(await pageOverflow(page, SCREEN.width), 'with the menu open').toEqual([]);
  });
});
