import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// @ts-expect-error -- plain ES module shared with the bundle test
import { signedInPreloadScript } from '../scripts/signed-in-preload.mjs';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(webRoot, 'dist');

function* filesUnder(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

/**
 * Writes .br and .gz beside every text asset so the server sends them compressed without
 * compressing on each request (uncompressed assets cost Lighthouse 30 points).
 */
function precompress(): Plugin {
  let builtTo = outDir;
  return {
    name: 'spms-precompress',
    apply: 'build',
    configResolved(config) {
      builtTo = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(builtTo)) {
        if (!/\.(js|css|html|svg|json|txt|map)$/.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

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
    String.raw`node_modules/@mantine/core/esm/components/(AppShell|Avatar|Badge|NavLink|Notification|Portal|Skeleton|Table|VisuallyHidden|FocusTrap)/`,
    String.raw`node_modules/@mantine/core/esm/(core|utils)/`,
    String.raw`node_modules/@mantine/(hooks/esm/utils|store)/`,
    String.raw`node_modules/@mantine/hooks/esm/use-(click-outside|focus-return|focus-trap|window-event|floating-indicator|did-update|merged-ref|uncontrolled|id|media-query|reduced-motion|disclosure|timeout|mutation-observer)`,
    String.raw`/web/src/components/(score-band|medal|data-table|sortable-header|scrollable-table|person-cell|initials-avatar|performance-format)\.tsx?$`,
    String.raw`/web/src/lib/format\.ts$`,
    String.raw`/contract/scores\.ts$`,
  ].join('|'),
);

/**
 * Writes signed-in-preload.js (scripts/signed-in-preload.mjs) from the manifest once the bundle
 * is written, before precompress: a signed-in visitor's screen then downloads with the entry
 * instead of one round of requests after it.
 */
function signedInPreload(): Plugin {
  let builtTo = outDir;
  return {
    name: 'spms-signed-in-preload',
    apply: 'build',
    configResolved(config) {
      builtTo = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'pre',
      handler() {
        const script = signedInPreloadScript(builtTo, path.join(webRoot, 'src/app/router.tsx'));
        writeFileSync(path.join(builtTo, 'signed-in-preload.js'), script);
      },
    },
  };
}

export default defineConfig({
  root: webRoot,
  // Relative asset URLs: the app works under whatever BASE_PATH the server mounts it.
  base: './',
  plugins: [react(), signedInPreload(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    // Read by scripts/bundle-report.mjs to measure what each route loads.
    manifest: true,
    chunkSizeWarningLimit: 600,
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
            { name: 'entry-vendor', tags: ['$initial'], test: /node_modules/, priority: 3 },
            { name: 'frame-shared', test: FRAME_SHARED, priority: 2 },
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
});
