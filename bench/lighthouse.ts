import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { takeLanternSummary } from './lantern-summary';
// @ts-expect-error -- plain ES module shared with the test runner
import { findChromium } from '../scripts/environment.mjs';

/**
 * Lighthouse (its default mobile profile: a mid-range phone on slow 4G, simulated; or its
 * desktop preset) on Debian's Chromium, launched with the flags ENGINEERING.md names. Each page
 * is audited `runs` times, each in a fresh browser profile (cold cache), and the median
 * performance run is kept.
 *
 * A signed-in page needs the session in local storage before the app starts: the fresh browser
 * first opens `/api/health` of the same origin (no app code, nothing of the app cached), writes
 * the session there, and Lighthouse then audits with `disableStorageReset` so it keeps it.
 *
 * An https:// app is the server's own HTTPS (HTTP/2), with a certificate made for the run, which
 * Chromium is told to accept.
 */

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Session {
  token: string;
  user: unknown;
}

export interface LighthousePage {
  name: string;
  /** The app route after `#`, such as `/dashboard`. */
  route: string;
  session?: Session;
}

export type FormFactor = 'mobile' | 'desktop';

/** How the pages were served: the server's own HTTPS (HTTP/2 to browsers), or plain HTTP/1.1. */
export type Transport = 'HTTPS, HTTP/2' | 'HTTP/1.1';

const transportOf = (appUrl: string): Transport =>
  new URL(appUrl).protocol === 'https:' ? 'HTTPS, HTTP/2' : 'HTTP/1.1';

export interface LighthouseResult {
  name: string;
  formFactor: FormFactor;
  transport: Transport;
  url: string;
  performance: number[];
  accessibility: number[];
  /** Of the median performance run, in milliseconds (CLS unitless). */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  /** Failed accessibility audits of any run, by id and title. */
  accessibilityIssues: string[];
  /** Performance opportunities of the median run (estimated savings in ms). */
  opportunities: string[];
}

async function setSession(port: number, origin: string, session: Session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${origin}/api/health`);
    // The keys of web/src/lib/session-storage.ts.
    await page.evaluate(
      `localStorage.setItem('token', ${JSON.stringify(session.token)});
       localStorage.setItem('user', ${JSON.stringify(JSON.stringify(session.user))});`,
    );
    await page.close();
  } finally {
    await browser.close();
  }
}

async function auditOnce(
  url: string,
  origin: string,
  session: Session | undefined,
  formFactor: FormFactor,
  transport: Transport,
) {
  const chromePath = findChromium() as string | null;
  if (!chromePath) throw new Error('Chromium not found: set CHROMIUM_PATH');
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'spms-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      ...CHROMIUM_FLAGS,
      ...(transport === 'HTTPS, HTTP/2' ? ['--ignore-certificate-errors'] : []),
    ],
    userDataDir,
    logLevel: 'silent',
  });
  try {
    if (session) await setSession(chrome.port, origin, session);
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: Boolean(session),
      },
      // Lighthouse's own desktop preset (fast network, no CPU slowdown); mobile is its default.
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    return { lhr: result.lhr, lantern: takeLanternSummary() };
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

export async function runLighthouse(
  appUrl: string,
  pages: LighthousePage[],
  runs: number,
  onProgress: (line: string) => void = () => undefined,
  /** A folder to keep every report in (JSON, for Lighthouse's viewer). */
  saveTo?: string,
  formFactor: FormFactor = 'mobile',
): Promise<LighthouseResult[]> {
  const origin = new URL(appUrl).origin;
  const transport = transportOf(appUrl);
  const results: LighthouseResult[] = [];
  for (const page of pages) {
    const url = `${appUrl}#${page.route}`;
    const lhrs: Awaited<ReturnType<typeof auditOnce>>['lhr'][] = [];
    for (let i = 0; i < runs; i++) {
      // Lighthouse's runtime errors (NO_NAVSTART, NO_FCP on a busy machine) say "run again":
      // a few more tries before giving up.
      let { lhr, lantern } = await auditOnce(url, origin, page.session, formFactor, transport);
      for (let retry = 1; lhr.runtimeError && retry <= 3; retry++) {
        onProgress(
          `${page.name} (${formFactor}, ${transport}) run ${i + 1}: ${lhr.runtimeError.code}, again`,
        );
        ({ lhr, lantern } = await auditOnce(url, origin, page.session, formFactor, transport));
      }
      if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
      const finalUrl = lhr.finalDisplayedUrl;
      if (!finalUrl.endsWith(`#${page.route}`)) {
        throw new Error(`${url} ended on ${finalUrl}: the session did not take`);
      }
      lhrs.push(lhr);
      if (saveTo) {
        mkdirSync(saveTo, { recursive: true });
        const name = `${formFactor}-${transport === 'HTTP/1.1' ? 'http1' : 'https'}-${page.name.replace(/\W+/g, '-').toLowerCase()}-${i + 1}`;
        writeFileSync(path.join(saveTo, `${name}.json`), JSON.stringify(lhr));
        // What the metrics waited for in Lighthouse's simulation (bench/lantern-summary.ts).
        writeFileSync(path.join(saveTo, `${name}.lantern.txt`), lantern);
      }
      onProgress(
        `${page.name} (${formFactor}, ${transport}) run ${i + 1}: performance ${Math.round(lhr.categories.performance!.score! * 100)}, accessibility ${Math.round(lhr.categories.accessibility!.score! * 100)}`,
      );
    }
    const score = (lhr: (typeof lhrs)[number], category: string) =>
      Math.round(lhr.categories[category]!.score! * 100);
    const byPerformance = [...lhrs].sort(
      (a, b) => score(a, 'performance') - score(b, 'performance'),
    );
    const medianRun = byPerformance[Math.floor(byPerformance.length / 2)]!;
    const numeric = (id: string) => medianRun.audits[id]?.numericValue ?? NaN;
    const issues = new Set<string>();
    for (const lhr of lhrs) {
      for (const ref of lhr.categories.accessibility!.auditRefs) {
        const audit = lhr.audits[ref.id]!;
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
          issues.add(`${ref.id}: ${audit.title}`);
        }
      }
    }
    const opportunities = Object.values(medianRun.audits)
      .filter((audit) => audit.details?.type === 'opportunity' && (audit.score ?? 1) < 0.9)
      .map((audit) => `${audit.id} (${audit.displayValue ?? ''})`);
    results.push({
      name: page.name,
      formFactor,
      transport,
      url: `#${page.route}`,
      performance: lhrs.map((lhr) => score(lhr, 'performance')),
      accessibility: lhrs.map((lhr) => score(lhr, 'accessibility')),
      metrics: {
        fcp: numeric('first-contentful-paint'),
        lcp: numeric('largest-contentful-paint'),
        tbt: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        si: numeric('speed-index'),
      },
      accessibilityIssues: [...issues],
      opportunities,
    });
  }
  return results;
}
