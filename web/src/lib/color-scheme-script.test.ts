import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLOR_SCHEME_STORAGE_KEY } from './color-scheme';

/** The script index.html loads before the app, run as the browser would. */
const script = readFileSync(path.resolve('web/public/color-scheme.js'), 'utf8');

function runScript({ systemDark }: { systemDark: boolean }): string | null {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: systemDark && query.includes('dark') }) as MediaQueryList,
  );
  new Function(script)();
  return document.documentElement.getAttribute('data-mantine-color-scheme');
}

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.removeAttribute('data-mantine-color-scheme');
});

describe('the colour scheme set before the app loads', () => {
  it('reads the key the app writes', () => {
    expect(script).toContain(`'${COLOR_SCHEME_STORAGE_KEY}'`);
  });

  it('follows the system when nobody has chosen, or chose "auto"', () => {
    expect(runScript({ systemDark: true })).toBe('dark');
    expect(runScript({ systemDark: false })).toBe('light');
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'auto');
    expect(runScript({ systemDark: true })).toBe('dark');
  });

  it('keeps the choice over the system setting', () => {
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'light');
    expect(runScript({ systemDark: true })).toBe('light');
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'dark');
    expect(runScript({ systemDark: false })).toBe('dark');
  });
});
