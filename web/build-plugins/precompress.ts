import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { afterBuild } from './after-build';

function* filesUnder(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

/**
 * Writes .br and .gz beside every text asset so the server sends them compressed without
 * compressing on each request (uncompressed assets cost Lighthouse 30 points). Runs last: the
 * other plugins may still rewrite index.html when the bundle is closed.
 */
export function precompress(): Plugin {
  return afterBuild(
    'spms-precompress',
    (builtTo) => {
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
    'post',
  );
}
