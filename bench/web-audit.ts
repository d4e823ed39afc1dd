import { mkdirSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error -- plain ES module shared with the browser tests
import { selfSignedCertificate } from '../scripts/self-signed-certificate.mjs';
import { runLighthouse, type FormFactor, type LighthouseResult, type Session } from './lighthouse';
import type { Tokens } from './load';
import { projectRoot, startServer, type RunningServer } from './server';

export interface WebAuditOptions {
  /** Lighthouse runs a page (the median is kept). */
  runs: number;
  /** Only the pages whose name contains this text; all when absent. */
  pageName?: string;
  formFactors: FormFactor[];
  log: (line: string) => void;
}

async function sessionOf(url: string, token: string): Promise<Session> {
  const response = await fetch(`${url}/api/auth/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { data: { user: unknown } };
  return { token, user: body.data.user };
}

/**
 * Lighthouse on the landing, sign-in and dashboard pages: over HTTPS, as README advises serving
 * the app to people (a second server on the same data, with TLS_CERT_FILE and a certificate made
 * for the run: HTTP/2), in every form factor asked for; then on the phone over the plain server
 * (HTTP/1.1), to show what the transport is worth.
 */
export async function auditWeb(
  server: RunningServer,
  tokens: Tokens,
  env: Record<string, string>,
  { runs, pageName, formFactors, log }: WebAuditOptions,
): Promise<LighthouseResult[]> {
  log('web: Lighthouse on the SQLite data');
  const manager = await sessionOf(server.url, tokens.manager[0]!);
  const employee = await sessionOf(server.url, tokens.employee[25]!);
  const pages = [
    { name: 'Landing', route: '/' },
    { name: 'Sign-in', route: '/signin' },
    { name: 'Dashboard (HR)', route: '/dashboard', session: manager },
    { name: 'Dashboard (employee)', route: '/dashboard', session: employee },
  ].filter((page) => !pageName || page.name.includes(pageName));
  const audit = (appUrl: string, formFactor: FormFactor) =>
    runLighthouse(
      appUrl,
      pages,
      runs,
      (line) => log(`web: ${line}`),
      path.join(projectRoot, 'build/bench/lighthouse'),
      formFactor,
    );
  const results: LighthouseResult[] = [];
  const certificateDir = path.join(projectRoot, 'build/bench/tls');
  mkdirSync(certificateDir, { recursive: true });
  const { certFile, keyFile } = selfSignedCertificate(certificateDir) as {
    certFile: string;
    keyFile: string;
  };
  const secure = await startServer({ ...env, TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile });
  try {
    for (const formFactor of formFactors) {
      results.push(...(await audit(`${secure.url}/spms/`, formFactor)));
    }
  } finally {
    await secure.stop();
  }
  if (formFactors.includes('mobile')) {
    results.push(...(await audit(`${server.url}/spms/`, 'mobile')));
  }
  return results;
}
