import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ES module shared with the command line
import { bundleReport } from './bundle-report.mjs';

/** PRODUCT.md section 6: landing and sign-in under 150 KB of gzipped JavaScript. */
const BUDGET_BYTES = 150 * 1024;

describe('web bundle budget', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'spms-bundle-'));
  let report: Record<string, number>;

  beforeAll(async () => {
    // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({
        configFile: 'web/vite.config.ts',
        mode: 'production',
        logLevel: 'silent',
        build: { outDir },
      });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    report = bundleReport(outDir);
  }, 120_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('loads the landing page with under 150 KB of gzipped JavaScript', () => {
    expect(report.landing).toBeLessThan(BUDGET_BYTES);
  });

  it('loads the sign-in page with under 150 KB of gzipped JavaScript', () => {
    expect(report['sign-in']).toBeLessThan(BUDGET_BYTES);
  });
});
