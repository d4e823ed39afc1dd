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
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
