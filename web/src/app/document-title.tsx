import { useEffect } from 'react';
import type { matchRoutes } from 'react-router';

export const PRODUCT_TITLE = 'Staff Performance Management';

/** What router.tsx keeps in a route's `handle`. */
export interface RouteHandle {
  /** The screen's name in the browser tab's title. */
  title?: string;
  /** Starts what the route shows: its page's code, and the calls it makes. */
  enter?: () => void;
}

/** "Staff Management · SPMS": the screen first, so tabs and history tell screens apart. */
export function documentTitle(screen: string | undefined): string {
  return screen ? `${screen} · SPMS` : PRODUCT_TITLE;
}

/**
 * Keeps the browser tab's title on the screen shown, the deepest matched route's title
 * (WCAG 2.4.2); screen readers announce the new title after a move between screens.
 */
export function useDocumentTitle(matches: ReturnType<typeof matchRoutes>): void {
  const screen = (matches ?? [])
    .map((match) => (match.route.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    document.title = documentTitle(screen);
  }, [screen]);
}
