import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ES module shared with `npm start`
import { SERVER_ENTRY, SERVER_NODE_FLAGS, serverNodeArguments } from './server-command.mjs';

describe('how the server is started', () => {
  it('gives node the same flags in `npm start` as in the tests and benchmarks', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
    const [node, ...args] = pkg.scripts.start.split(/\s+/);
    expect(node).toBe('node');
    expect(args).toEqual([...SERVER_NODE_FLAGS, 'scripts/start.mjs']);
  });

  it('runs the built bundle with those flags first', () => {
    expect(serverNodeArguments('/srv/spms')).toEqual([
      ...SERVER_NODE_FLAGS,
      `/srv/spms/${SERVER_ENTRY}`,
    ]);
  });
});
