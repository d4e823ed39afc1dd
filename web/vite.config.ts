import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  root: webRoot,
  // Relative asset URLs: the app works under whatever BASE_PATH the server mounts it.
  base: './',
  plugins: [react(), precompress()],
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
         * What the first page needs stays in the entry; every other library module goes into
         * one chunk that the signed-in frame loads anyway.
         */
        codeSplitting: {
          groups: [
            { name: 'entry-vendor', tags: ['$initial'], test: /node_modules/, priority: 2 },
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
