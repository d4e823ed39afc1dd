import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * A plugin of the production build only that works on the written bundle: `whenBuilt` gets the
 * folder the build wrote once it is closed. `order: 'post'` runs it after the others' own.
 */
export function afterBuild(
  name: string,
  whenBuilt: (outDir: string) => void,
  order: 'post' | null = null,
): Plugin {
  let builtTo = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      builtTo = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: { order, handler: () => whenBuilt(builtTo) },
  };
}
