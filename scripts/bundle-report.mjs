// How much gzipped JavaScript each route of the built web app loads: the entry chunk, the
// route's lazy chunk, every chunk they import statically, and for a signed-in route the layout
// that frames it. Every route of web/src/app/router.tsx is covered; reads the manifest Vite
// writes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ROUTER = 'web/src/app/router.tsx';
/** Routes shown without the signed-in frame. */
const PUBLIC_ROUTES = new Set(['/', '/privacy', '/terms', '/signin', '*']);
const ROUTE_NAMES = { '/': 'landing', '/signin': 'sign-in', '*': 'not-found' };
const LAYOUT = 'src/app/layout/app-layout';

/**
 * Every route of the router with its page module, as a path relative to web/ (no extension):
 * lazy ones (`lazy: page(() => import('...'))`, a chunk of their own) and eager ones
 * (`Component: Name`, imported at the top, part of the entry). A route may name its title
 * (`...titled('Dashboard'),`) between its path and its page.
 */
export function lazyRoutes(routerFile = ROUTER) {
  const source = readFileSync(routerFile, 'utf8');
  const routes = [];
  const describe = (route, module, lazy, at) => ({
    at,
    route,
    name: ROUTE_NAMES[route] ?? route.slice(1),
    module: path.posix.join('src/app', module),
    lazy,
    signedIn: !PUBLIC_ROUTES.has(route),
  });
  const title = String.raw`(?:\.\.\.titled\('[^']*'\),\s*)?`;
  const lazyPattern = new RegExp(
    String.raw`path:\s*'([^']+)',\s*${title}lazy:\s*page\(\(\)\s*=>\s*import\('([^']+)'\)\)`,
    'g',
  );
  for (const match of source.matchAll(lazyPattern)) {
    routes.push(describe(match[1], match[2], true, match.index));
  }
  const imports = new Map(
    [...source.matchAll(/^import (\w+) from '([^']+)';$/gm)].map(([, name, from]) => [name, from]),
  );
  const eagerPattern = new RegExp(String.raw`path:\s*'([^']+)',\s*${title}Component:\s*(\w+)`, 'g');
  for (const match of source.matchAll(eagerPattern)) {
    routes.push(describe(match[1], imports.get(match[2]), false, match.index));
  }
  return routes.sort((a, b) => a.at - b.at);
}

/**
 * Walks Vite's manifest: `collect(key, files)` adds a chunk's file and those of every chunk it
 * imports statically; `entryFiles` is what the entry loads.
 */
export function manifestWalk(manifest) {
  const collect = (key, files) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, files);
    return files;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  return { collect, entryFiles: collect(entryKey, new Set()) };
}

/** Per route: total gzipped bytes of JavaScript it loads, and those of its own chunk. */
export function bundleDetails(distDir = 'web/dist', routerFile = ROUTER) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const keyOf = (module) => {
    const key = ['.tsx', '.ts', '.jsx', '.js'].map((ext) => module + ext).find((k) => manifest[k]);
    if (!key) throw new Error(`${module} is not in the build manifest`);
    return key;
  };
  const gzipped = new Map();
  const sizeOf = (file) => {
    if (!gzipped.has(file))
      gzipped.set(file, gzipSync(readFileSync(path.join(distDir, file))).length);
    return gzipped.get(file);
  };
  const { collect, entryFiles } = manifestWalk(manifest);
  const total = (files) => [...files].reduce((sum, file) => sum + sizeOf(file), 0);
  const details = {};
  for (const { name, route, module, lazy, signedIn } of lazyRoutes(routerFile)) {
    const files = new Set(entryFiles);
    if (signedIn) collect(keyOf(LAYOUT), files);
    if (lazy) collect(keyOf(module), files);
    details[name] = {
      route,
      bytes: total(files),
      // An eager page is part of the entry.
      pageBytes: lazy ? sizeOf(manifest[keyOf(module)].file) : 0,
      entryBytes: total(entryFiles),
    };
  }
  return details;
}

/** Per route name: total gzipped bytes of JavaScript it loads. */
export function bundleReport(distDir = 'web/dist', routerFile = ROUTER) {
  return Object.fromEntries(
    Object.entries(bundleDetails(distDir, routerFile)).map(([name, d]) => [name, d.bytes]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, d] of Object.entries(bundleDetails())) {
    console.log(
      `${name.padEnd(16)} ${(d.bytes / 1024).toFixed(1).padStart(6)} KB gzipped JavaScript (own chunk ${(d.pageBytes / 1024).toFixed(1)} KB)`,
    );
  }
}
