// How the built server is started: by `npm start` (package.json passes the same flags to node)
// and by every test and benchmark that runs it in a process of its own.
import path from 'node:path';

/**
 * V8 flags for the server (each measured; docs/adr/0017-node-runtime-flags.md).
 *
 * A young generation of up to 64 MB a semi-space (16 by default): on PostgreSQL the driver makes
 * a string of every field of every row, and with 50 requests in flight the default one filled
 * and was scavenged about 40 times a second, each time copying what those requests still held. A
 * staff page served 20-30% more requests a second for 15-25% less server CPU; SQLite, which makes
 * fewer objects, unchanged.
 *
 * No allocation-site pretenuring: the pg driver makes each query's `rows` array when the query
 * is sent; under load all those V8 sampled were still waiting for PostgreSQL at the next
 * scavenge, so it took them for long-lived and began making them in the old generation. Every
 * row then added to one was held from there until the next mark-compact: about 4 MB promoted a
 * scavenge on a staff page, and a mark-compact every ~1.3 s that set the p99. Without it: 0.25
 * MB a scavenge, the PostgreSQL staff page and search 15-40% more requests a second, other
 * routes and SQLite (where nothing was pretenured) unchanged.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64', '--no-allocation-site-pretenuring'];

/** The bundle `npm run build:server` writes. */
export const SERVER_ENTRY = 'build/server/main.mjs';

/** Arguments for `node` that run the built server of the project at `root`, as `npm start` does. */
export function serverNodeArguments(root) {
  return [...SERVER_NODE_FLAGS, path.join(root, SERVER_ENTRY)];
}
