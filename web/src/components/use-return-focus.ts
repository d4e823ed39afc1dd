import { useLayoutEffect } from 'react';

/**
 * Gives focus back to whatever opened a modal (a row's Edit button, "Add Bonus") once the modal
 * closes or goes away, so a keyboard user carries on where they were (WCAG 2.4.3).
 *
 * Mantine's modal does this itself only when `opened` turns false on a modal that was mounted
 * closed. Ours are often mounted already open (an edit form for one row) or remounted with a new
 * `key` so each opening starts empty; without this, focus would fall back to the top of the page.
 * The opener is noted in a layout effect, before the modal's focus trap (which waits a tick)
 * moves focus inside; focus is only given back if it was lost (on the page's body), never taken
 * from something the person has since chosen.
 */
export function useReturnFocus(opened: boolean): void {
  useLayoutEffect(() => {
    if (!opened) return;
    const opener = document.activeElement;
    if (!(opener instanceof HTMLElement) || opener === document.body) return;
    return () => {
      setTimeout(() => {
        const current = document.activeElement;
        const lost = current === null || current === document.body;
        if (lost && opener.isConnected) opener.focus({ preventScroll: true });
      }, 20);
    };
  }, [opened]);
}
