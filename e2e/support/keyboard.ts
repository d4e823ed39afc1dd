/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The element that has focus, described for test output. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40);
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${name ?? ''}"`;
  });
}

/** Whether the focused element shows a focus indicator: an outline or a ring. */
export function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return false;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== 'none';
  });
}

export const isFocused = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has focus, checking on the way that focus is always visible. */
export async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab');
    const [onPage, onInput] = await page.evaluate(() => [
      document.activeElement !== null && document.activeElement !== document.body,
      ['INPUT', 'TEXTAREA'].includes(document.activeElement?.tagName ?? ''),
    ]);
    // Mantine marks a focused field by its border colour; everything else gets a ring.
    if (onPage && !onInput) {
      expect(await focusIsVisible(page), await describeFocus(page)).toBe(true);
    }
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab never reached the target; focus is on ${await describeFocus(page)}`);
}
