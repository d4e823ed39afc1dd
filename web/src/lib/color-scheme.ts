import { localStorageColorSchemeManager } from '@mantine/core';

/**
 * Where the chosen theme is kept ('light', 'dark', or 'auto' to follow the system). The same key
 * is read by web/public/color-scheme.js before the app loads, so the first paint is right.
 */
export const COLOR_SCHEME_STORAGE_KEY = 'mantine-color-scheme-value';

export const colorSchemeManager = localStorageColorSchemeManager({
  key: COLOR_SCHEME_STORAGE_KEY,
});
