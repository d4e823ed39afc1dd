import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';

export const PRODUCT_TITLE = 'Staff Performance Management';

/** A route's title, read from its `handle` (router.tsx). */
export interface RouteHandle {
  title?: string;
}

/** "Staff Management · SPMS": the screen first, so tabs and history tell screens apart. */
export function documentTitle(screen: string | undefined): string {
  return screen ? `${screen} · SPMS` : PRODUCT_TITLE;
}

/**
 * Renders the matched route and keeps the browser tab's title on the screen shown (WCAG 2.4.2);
 * screen readers announce the new title after a move between screens.
 */
export function TitledOutlet() {
  const matches = useMatches();
  const screen = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    document.title = documentTitle(screen);
  }, [screen]);
  return <Outlet />;
}
