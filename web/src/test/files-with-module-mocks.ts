/**
 * Component test files that replace a module with `vi.mock`. The `web` project shares one module
 * registry among the files of a worker (vitest.config.ts, isolate: false), where such a mock
 * would carry over into other files; these run isolated, in project `web-mocks`.
 * scripts/web-module-mocks.test.ts fails when a file using vi.mock is missing here.
 */
export const FILES_WITH_MODULE_MOCKS = [
  'web/src/app/query-client.test.tsx',
  'web/src/features/dashboard/dashboard-page.test.tsx',
];
