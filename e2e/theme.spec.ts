/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { appRoute, describeInBrowser, signInThroughForm } from './support/browser';

/** Mantine's body colours: white, and dark.7. */
const BODY = { light: 'rgb(255, 255, 255)', dark: 'rgb(36, 36, 36)' } as const;

const schemeOf = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');
const bodyColour = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Holds back the app's own code: what is on screen is then the early script's work alone. */
async function withoutAppCode(page: Page) {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
}

/**
 * Issue 8, the theme: light and dark, following the system until the person chooses, the choice
 * remembered in this browser, and the right one from the first paint (web/public/color-scheme.js
 * sets it before the app's code has loaded, so nobody sees a flash of the other).
 */
describeInBrowser('light and dark theme', (session) => {
  for (const system of ['light', 'dark'] as const) {
    it(`paints the system's ${system} theme first, before the app's code has run`, async () => {
      const page = await session().newPage({ colorScheme: system });
      await withoutAppCode(page);
      await page.goto(appRoute(session().server, '/'));
      expect(await schemeOf(page)).toBe(system);
      await expect.poll(() => bodyColour(page)).toBe(BODY[system]);
    });
  }

  it('follows the system while nothing is chosen, also when the system changes', async () => {
    const page = await session().newPage({ colorScheme: 'dark' });
    await page.goto(appRoute(session().server, '/'));
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await schemeOf(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await schemeOf(page)).toBe('light');
  });

  it('remembers a choice across reloads, paints it first, and keeps it against the system', async () => {
    const { server } = session();
    const page = await session().newPage({ colorScheme: 'dark' });
    await page.goto(appRoute(server, '/'));
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await schemeOf(page)).toBe('light');

    await page.reload();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await schemeOf(page)).toBe('light');
    // The system turning dark no longer matters: the person chose.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await schemeOf(page)).toBe('light');

    // The remembered choice is the first paint too, with the app's code held back.
    const early = await page.context().newPage();
    await withoutAppCode(early);
    await early.goto(appRoute(server, '/signin'));
    expect(await schemeOf(early)).toBe('light');
    await expect.poll(() => bodyColour(early)).toBe(BODY.light);
    await early.close();

    // The same choice holds on the sign-in page and inside the app, whose header switches it.
    await signInThroughForm(page, server, server.admin.email, server.admin.password);
    expect(await schemeOf(page)).toBe('light');
    await page.getByRole('banner').getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await schemeOf(page)).toBe('dark');
    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await schemeOf(page)).toBe('dark');
  });
});
