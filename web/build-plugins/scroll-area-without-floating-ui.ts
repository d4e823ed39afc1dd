import type { Plugin } from 'vite';

const SCROLL_AREA = /@mantine\/core\/esm\/components\/ScrollArea\/ScrollArea\.mjs$/;
const FLOATING_UI_IMPORT = 'import { useMergeRefs } from "@floating-ui/react";';

/**
 * Mantine's ScrollArea takes one helper, useMergeRefs, from @floating-ui/react, and every Table
 * imports ScrollArea (for Table.ScrollContainer): so the first screen after sign-in, which shows
 * tables, downloaded all of floating-ui (about 15 KB compressed) before its first paint, though
 * only the pop-ups that load after it use floating-ui. Mantine's own useMergedRef does the same
 * job (one callback ref setting every ref given). Fails the build if Mantine changes that import,
 * rather than quietly bringing floating-ui back.
 */
export function scrollAreaWithoutFloatingUi(): Plugin {
  return {
    name: 'spms-scroll-area-without-floating-ui',
    transform(code, id) {
      if (!SCROLL_AREA.test(id)) return null;
      if (!code.includes(FLOATING_UI_IMPORT)) {
        throw new Error(`${id} no longer imports useMergeRefs from @floating-ui/react`);
      }
      return code.replace(
        FLOATING_UI_IMPORT,
        'import { useMergedRef } from "@mantine/hooks";\n' +
          'const useMergeRefs = (refs) => useMergedRef(...refs);',
      );
    },
  };
}
