import type { Plugin } from 'vite';

/**
 * A Mantine component's class map, one per stylesheet of @mantine/core/styles (same name): under
 * esm/components/, and InlineInput's (the label beside a checkbox, radio or switch) under esm/utils/.
 */
const CLASS_MAP = /@mantine\/core\/esm\/(?:[^/]+\/)*([A-Za-z]+)\.module\.mjs$/;

/**
 * Gives each Mantine component's class map an import of that component's stylesheet, so the
 * styles travel with the component's code into whichever chunk uses it. The page itself then
 * waits only for the styles of the components the entry shows (the landing and sign-in pages)
 * instead of all of Mantine's (about 30 KB compressed, render-blocking); a lazy page's styles
 * load with its code, before it renders. The order is Mantine's own: a component imports the
 * components it builds on before its class map, so their styles come first.
 * web/src/main.tsx imports the three base stylesheets (reset, variables, global classes).
 */
export function mantineStylesWithComponents(): Plugin {
  return {
    name: 'spms-mantine-styles-with-components',
    transform(code, id) {
      const component = CLASS_MAP.exec(id)?.[1];
      if (!component) return null;
      return `import "@mantine/core/styles/${component}.css";\n${code}`;
    },
  };
}
