import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { afterBuild } from './after-build';
// @ts-expect-error -- plain ES module shared with the bundle test
import { signedInPreloadScript } from '../../scripts/signed-in-preload.mjs';
import { DASHBOARD_FIRST_CALLS } from '../src/features/dashboard/api/first-calls';
import { API_BASE } from '../src/lib/api-client';
import { EARLY_ANSWERS_KEY } from '../src/lib/early-answers';

/**
 * Puts the two small scripts of index.html's head into the page itself once the bundle is
 * written: the colour scheme (web/public/color-scheme.js) and the signed-in preload, written here
 * from Vite's manifest and the dashboard's first calls (scripts/signed-in-preload.mjs). As files
 * they cost a round trip each before the first paint on a slow network: the first blocks
 * rendering, and the second starts the signed-in screen's downloads only once it has arrived.
 * The server allows exactly these scripts by their hashes in its Content Security Policy
 * (server/src/lib/inline-scripts.ts); the development server keeps loading them as files.
 */
export function inlineHeadScripts(routerFile: string): Plugin {
  return afterBuild('spms-inline-head-scripts', (builtTo) => {
    const scripts: Record<string, string> = {
      './color-scheme.js': readFileSync(path.join(builtTo, 'color-scheme.js'), 'utf8'),
      './signed-in-preload.js': signedInPreload(builtTo, routerFile),
    };
    const indexFile = path.join(builtTo, 'index.html');
    let html = readFileSync(indexFile, 'utf8');
    for (const [src, script] of Object.entries(scripts)) {
      const tag = new RegExp(`<script(?: async)? src="${src.replace(/\./g, '\\.')}"></script>`);
      if (!tag.test(html)) throw new Error(`index.html has no <script src="${src}">`);
      html = html.replace(tag, () => `<script>${script.trim()}</script>`);
    }
    writeFileSync(indexFile, html);
    // The copies from web/public, which the built page no longer asks for.
    for (const src of Object.keys(scripts)) rmSync(path.join(builtTo, src));
  });
}

/**
 * The signed-in preload for the bundle in `builtTo`: the code of the addressed screen, and for
 * the dashboard its first calls, left for the app under the key web/src/lib/early-answers.ts reads.
 */
export function signedInPreload(builtTo: string, routerFile: string): string {
  return signedInPreloadScript(builtTo, routerFile, {
    key: EARLY_ANSWERS_KEY,
    apiBase: API_BASE,
    calls: { '/dashboard': DASHBOARD_FIRST_CALLS },
  }) as string;
}
