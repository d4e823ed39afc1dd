import type { Page } from 'playwright-core';
import { signInThroughForm, type BrowserSession, type NewPageOptions } from './browser';
import type { DemoServer } from './demo-server';
import type { Viewer } from './screens';

/**
 * One page per viewer (and per kind of page, e.g. a colour scheme), signed in once through the
 * form and reused from screen to screen: signing in for every screen would triple the run.
 */
export function viewerPages(session: () => BrowserSession, demo: () => DemoServer) {
  const pages = new Map<string, Promise<Page>>();
  return function pageFor(viewer: Viewer, kind: string, options: NewPageOptions): Promise<Page> {
    const key = `${viewer}-${kind}`;
    if (!pages.has(key)) {
      pages.set(
        key,
        (async () => {
          const page = await session().newPage(options);
          if (viewer !== 'visitor') {
            const { email, password } = demo().accounts[viewer];
            await signInThroughForm(page, demo().server, email, password);
          }
          return page;
        })(),
      );
    }
    return pages.get(key)!;
  };
}
