import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appShellWithoutRemoveScroll } from './build-plugins/app-shell-without-remove-scroll';
import { inlineHeadScripts } from './build-plugins/inline-head-scripts';
import { mantineStylesWithComponents } from './build-plugins/mantine-styles-with-components';
import { mantineUseIdWithoutSecondRender } from './build-plugins/mantine-use-id-without-second-render';
import { precompress } from './build-plugins/precompress';
import { scrollAreaWithoutFloatingUi } from './build-plugins/scroll-area-without-floating-ui';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(webRoot, 'dist');

/**
 * What the signed-in frame (app/layout) and the dashboard, the first screen after sign-in, use
 * beyond the entry, in one chunk: the libraries (without it they would come with the shared
 * chunks of the form, table and modal screens: Combobox, Select, Modal... which the dashboard
 * never runs) and the app's small shared modules (each otherwise a 1 KB chunk of its own, one
 * more request in the queue of six an HTTP/1.1 browser keeps per server). Every signed-in page
 * loads the frame, so nothing is fetched twice. A module missing here still works (it stays in
 * a shared chunk); one listed but unused by the dashboard only costs its bytes there. Nothing
 * the entry imports may be listed, nor anything that imports it (a group takes a module's
 * imports along): the entry would then load this chunk, and the bundle budget test fails.
 * So error-banner, which imports lib/api-client, is not here.
 */
const FRAME_SHARED = new RegExp(
  [
    // The icons of every screen (45, about 6 KB): the frame's navigation uses half of them.
    // Not Menu, Popover, Tooltip and floating-ui: the frame's pop-ups load after its first paint
    // (app/layout/use-frame-popups.ts).
    String.raw`node_modules/@tabler/icons-react/`,
    String.raw`node_modules/@mantine/core/esm/components/(AppShell|Avatar|Badge|Card|NavLink|Notification|Portal|Skeleton|Table|VisuallyHidden|FocusTrap)/`,
    String.raw`node_modules/@mantine/core/esm/(core|utils)/`,
    String.raw`node_modules/@mantine/(hooks/esm/utils|store)/`,
    String.raw`node_modules/@mantine/hooks/esm/use-(click-outside|focus-return|focus-trap|window-event|floating-indicator|did-update|merged-ref|uncontrolled|id|media-query|reduced-motion|disclosure|timeout|mutation-observer)`,
    String.raw`/web/src/components/(score-band|medal|use-is-phone|data-table|sortable-header|scrollable-table|person-cell|initials-avatar|performance-format|email-text)\.tsx?$`,
    String.raw`/web/src/lib/format\.ts$`,
    String.raw`/contract/scores\.ts$`,
  ].join('|'),
);

/**
 * What the frame's late arrivals (user menu, toasts; app/layout/use-frame-popups.ts and
 * toasts.tsx) use beyond the frame, and Mantine's Tooltip (the tables' row actions), in one chunk
 * with one stylesheet. In the page groups below, their import reached four shared chunks, with
 * the comboboxes, pills and more the frame never shows, and Vite linked those chunks' four
 * stylesheets in one task after the first paint: 7-20 ms of this machine's CPU in Lighthouse
 * traces, counted 4x by a phone's score. A page with a menu, a select or a modal of its own loads
 * this chunk before its first paint, toasts' code included (docs/performance-log.md weighs that).
 */
const FRAME_LATE = new RegExp(
  [
    String.raw`node_modules/@mantine/core/esm/components/(Menu|Popover|Tooltip|Transition)/`,
    String.raw`node_modules/@mantine/notifications/`,
    String.raw`node_modules/react-transition-group/`,
  ].join('|'),
);

/**
 * React Router 7 names only its development build in its package exports (remix-run/react-router
 * #12532, #14102), so a production bundle kept its development warnings. The build takes its
 * production build, which differs only in leaving them out; the development server and the
 * tests keep the warnings.
 */
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  root: webRoot,
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [],
  },
  // Relative asset URLs: the app works under whatever BASE_PATH the server mounts it.
  base: './',
  plugins: [
    react(),
    scrollAreaWithoutFloatingUi(),
    appShellWithoutRemoveScroll(),
    mantineUseIdWithoutSecondRender(),
    mantineStylesWithComponents(),
    inlineHeadScripts(path.join(webRoot, 'src/app/router.tsx')),
    precompress(),
  ],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    // Read by scripts/bundle-report.mjs to measure what each route loads.
    manifest: true,
    chunkSizeWarningLimit: 600,
    modulePreload: {
      // The frame's late arrivals (toasts, user menu, tooltip) load after the first paint. Vite
      // would add a <link rel="modulepreload"> for each chunk they import, all in one task:
      // about 5 ms of this machine's CPU each, 30 ms together (Lighthouse counts it 4x as
      // blocking time). Their stylesheets still need the links; their code the browser finds
      // through the imports, a round or two later, with nothing waiting on it.
      resolveDependencies: (file, deps) =>
        /\/(frame-popups|toasts)-[\w-]+\.js$/.test(`/${file}`)
          ? deps.filter((dep) => dep.endsWith('.css'))
          : deps,
    },
    rolldownOptions: {
      output: {
        /**
         * Left alone, the bundler cuts the libraries the signed-in pages share into dozens of
         * 1 to 3 KB chunks, one per combination of pages that use them; over HTTP/1.1 a page then
         * waits for several rounds of requests (Lighthouse: 35 requests for the dashboard).
         * What the first page needs stays in the entry; what the frame and the dashboard need
         * goes into one chunk (FRAME_SHARED); every other library module into a few chunks
         * grouped by the pages that use them.
         */
        codeSplitting: {
          groups: [
            // The first page's libraries in two halves of about 58 KB (React apart), downloaded
            // side by side: one 116 KB file on one HTTP/1.1 connection was what a phone's first
            // paint waited for longest. With them the session's storage keys, otherwise a 1.6 KB
            // chunk of their own: one more request in the page's first task.
            {
              name: (id: string) =>
                /node_modules\/(react|react-dom|scheduler)\//.test(id)
                  ? 'entry-react'
                  : 'entry-vendor',
              tags: ['$initial'],
              test: /node_modules|\/web\/src\/lib\/session-storage\.ts$/,
              priority: 3,
            },
            { name: 'frame-shared', test: FRAME_SHARED, priority: 2 },
            // A chunk of its own, which imports only React: the pop-ups of every screen use it,
            // and grouped with some of them it made the shared chunks import each other in a
            // circle (a component then read another's styles before that chunk had run).
            { name: 'floating-ui', test: /node_modules\/@floating-ui\//, priority: 2 },
            { name: 'frame-late', test: FRAME_LATE, priority: 2 },
            // The toasts' store (`notifications.show`), which pages call after their actions, at a
            // higher priority than frame-late (which would otherwise take it along with the toasts'
            // container), so that a page showing a toast does not download all of frame-late.
            {
              name: 'notifications-store',
              test: /node_modules\/@mantine\/notifications\/esm\/notifications\.store/,
              priority: 3,
            },
            {
              name: 'app-vendor',
              test: /node_modules/,
              priority: 1,
              entriesAware: true,
              entriesAwareMergeThreshold: 40_000,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
