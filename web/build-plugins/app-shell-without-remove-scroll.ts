import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const APP_SHELL_EDGE =
  /@mantine\/core\/esm\/components\/AppShell\/(AppShell(?:Header|Footer|Aside))\/\1\.mjs$/;
const REMOVE_SCROLL_IMPORT = 'import { RemoveScroll } from "react-remove-scroll";';

/**
 * Mantine's AppShell header, footer and aside import react-remove-scroll for one class name,
 * `RemoveScroll.classNames.zeroRight`, which a modal's scroll lock uses to keep fixed bars from
 * jumping when the page's scroll bar goes. The import brought the whole library and its five
 * helpers (3.4 KB compressed) into the frame's chunk, which every signed-in screen waits for
 * before its first paint, though only modals, which load later, lock the scroll. The class name
 * is read here from the very react-remove-scroll Mantine resolves, so the header keeps the class
 * the modal's lock styles. Fails the build if Mantine changes that import.
 */
export function appShellWithoutRemoveScroll(): Plugin {
  const requireFromMantine = createRequire(createRequire(import.meta.url).resolve('@mantine/core'));
  const { RemoveScroll } = requireFromMantine('react-remove-scroll') as {
    RemoveScroll: { classNames: { zeroRight: string } };
  };
  const classNames = JSON.stringify({ zeroRight: RemoveScroll.classNames.zeroRight });
  return {
    name: 'spms-app-shell-without-remove-scroll',
    transform(code, id) {
      if (!APP_SHELL_EDGE.test(id)) return null;
      if (!code.includes(REMOVE_SCROLL_IMPORT)) {
        throw new Error(`${id} no longer imports RemoveScroll from react-remove-scroll`);
      }
      return code.replace(
        REMOVE_SCROLL_IMPORT,
        `const RemoveScroll = { classNames: ${classNames} };`,
      );
    },
  };
}
