// How much gzipped JavaScript each page of the built web app loads: the entry chunk, the page's
// lazy chunk, and every chunk they import statically. Reads the manifest Vite writes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const PAGE_MODULES = {
  landing: 'src/features/landing/landing-page.tsx',
  'sign-in': 'src/features/auth/sign-in-page.tsx',
  dashboard: 'src/features/dashboard/dashboard-page.tsx',
  layout: 'src/app/layout/app-layout.tsx',
};

export function bundleReport(distDir = 'web/dist') {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const gzipped = new Map();
  const sizeOf = (file) => {
    if (!gzipped.has(file))
      gzipped.set(file, gzipSync(readFileSync(path.join(distDir, file))).length);
    return gzipped.get(file);
  };
  const collect = (key, files) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, files);
    return files;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const entryFiles = collect(entryKey, new Set());
  const report = {};
  for (const [page, moduleKey] of Object.entries(PAGE_MODULES)) {
    // A signed-in page also needs the layout that frames it.
    const files = collect(moduleKey, new Set(entryFiles));
    if (page === 'dashboard') collect(PAGE_MODULES.layout, files);
    report[page] = [...files].reduce((total, file) => total + sizeOf(file), 0);
  }
  return report;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [page, bytes] of Object.entries(bundleReport())) {
    console.log(`${page.padEnd(10)} ${(bytes / 1024).toFixed(1)} KB gzipped JavaScript`);
  }
}
