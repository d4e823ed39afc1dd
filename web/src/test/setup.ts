import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// Mantine reads these browser APIs, which jsdom does not implement.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => undefined;

// The web project shares one page and one set of loaded packages among the files of a worker
// (vitest.config.ts, isolate: false): the app's own modules are loaded afresh for each file, so
// no file sees another's module state, and what a file changed on the page is undone after it.
vi.resetModules();

afterEach(() => {
  cleanup();
  localStorage.clear();
});

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.title = '';
  for (const { name } of [...document.documentElement.attributes]) {
    if (name !== 'lang') document.documentElement.removeAttribute(name);
  }
  document.body.removeAttribute('style');
  document.body.removeAttribute('data-scroll-locked');
});
