import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * Saves a screenshot for the README when SCREENSHOTS=1 (`SCREENSHOTS=1 npm run test:e2e`), so
 * ordinary runs leave the working tree untouched.
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!screenshotsWanted()) return;
  const dir = path.resolve('docs/screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({
    path: path.join(dir, `${name}.png`),
    fullPage: options.fullPage ?? false,
  });
}

/** Whether this run saves screenshots, so a test can skip the preparation they need. */
export function screenshotsWanted(): boolean {
  return process.env.SCREENSHOTS === '1';
}
