/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';

/**
 * What makes the page wider than `width` CSS pixels (the phone's screen), as "element: right
 * edge" lines for the outermost culprits; empty when the page fits. The width is given rather
 * than read from the page: a phone browser zooms out to show a page wider than its screen, and
 * `innerWidth` then grows with the page.
 */
export function pageOverflow(page: Page, width: number): Promise<string[]> {
  return page.evaluate((screenWidth) => {
    const scroller = document.scrollingElement ?? document.documentElement;
    if (scroller.scrollWidth <= screenWidth + 1 && window.innerWidth <= screenWidth + 1) return [];
    const culprits: string[] = [];
    const scrollsSideways = (element: Element) =>
      ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(element).overflowX);
    const visit = (element: Element) => {
      const rect = element.getBoundingClientRect();
      const wide = rect.right > screenWidth + 1 && rect.width > 0;
      const children = [...element.children];
      const before = culprits.length;
      if (!scrollsSideways(element) || element === document.body) children.forEach(visit);
      // Report an element only when none of its children explains the overflow.
      if (wide && culprits.length === before && culprits.length < 8) {
        const name = `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')}`;
        culprits.push(
          `${name} "${(element.textContent ?? '').trim().slice(0, 30)}" to ${Math.round(rect.right)}`,
        );
      }
    };
    visit(document.body);
    return culprits.length > 0 ? culprits : [`the page is ${scroller.scrollWidth} wide`];
  }, width);
}

/**
 * Tables that do not keep to the screen: each table must either fit the screen's width or sit in
 * a box of its own that fits it and scrolls sideways. Empty when every table behaves.
 */
export function tableProblems(page: Page, width: number): Promise<string[]> {
  return page.evaluate((screenWidth) => {
    const problems: string[] = [];
    for (const table of document.querySelectorAll('table')) {
      const name = table.getAttribute('aria-label') ?? 'a table';
      let box: HTMLElement | null = table.parentElement;
      while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) {
        box = box.parentElement;
      }
      const outer = (box ?? table).getBoundingClientRect();
      if (outer.left < -1 || outer.right > screenWidth + 1) {
        problems.push(`${name} spans ${outer.left}..${outer.right} on a ${screenWidth}px screen`);
      }
    }
    return problems;
  }, width);
}

/**
 * Why an element does not fit a screen of `size` (its box, and content wider than the box), or
 * null when it fits. `taller` lets it reach below the screen (a heading further down the page).
 */
export async function offScreen(
  locator: Locator,
  size: { width: number; height: number },
  taller = false,
): Promise<string | null> {
  return locator.evaluate(
    (element, { width, height, taller }) => {
      const rect = element.getBoundingClientRect();
      const fits =
        rect.left >= -1 &&
        rect.right <= width + 1 &&
        rect.top >= -1 &&
        (taller || rect.bottom <= height + 1) &&
        element.scrollWidth <= element.clientWidth + 1;
      const box = [rect.left, rect.top, rect.right, rect.bottom].map(Math.round).join(',');
      return fits
        ? null
        : `${box} (content ${element.scrollWidth} wide in ${element.clientWidth}) on ${width}x${height}`;
    },
    { ...size, taller },
  );
}
