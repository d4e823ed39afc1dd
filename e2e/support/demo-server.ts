import { afterAll, beforeAll } from 'vitest';
import type { E2eServer } from '../global-setup';
import { startServerProcess, type ServerProcess } from './server-process';

export type DemoRole = 'admin' | 'manager' | 'employee';
export type DemoAccounts = Record<DemoRole, { email: string; password: string }>;

export interface DemoServer {
  server: E2eServer;
  accounts: DemoAccounts;
}

/** The accounts the server prints once after loading the demo organisation. */
function parseDemoAccounts(output: string): DemoAccounts {
  const accounts: Partial<DemoAccounts> = {};
  for (const match of output.matchAll(/^\s+(admin|manager|employee)\s+(\S+@\S+)\s+(\S+)\s*$/gm)) {
    accounts[match[1] as DemoRole] = { email: match[2]!, password: match[3]! };
  }
  if (!accounts.admin || !accounts.manager || !accounts.employee) {
    throw new Error(`The demo accounts were not printed:\n${output}`);
  }
  return accounts as DemoAccounts;
}

/**
 * A server of its own for the suite, with the demo organisation `npm start` loads (60 staff, a
 * year of metric values, bonuses, questions), so every screen shows what a real one would: the
 * worker's shared server holds whatever the other suites made. Started before the suite, stopped after.
 */
export function useDemoServer(): () => DemoServer {
  let started: ServerProcess | undefined;
  let demo: DemoServer | undefined;
  beforeAll(async () => {
    started = await startServerProcess({ DEMO_DATA: 'true' });
    const accounts = parseDemoAccounts(started.output());
    demo = {
      server: { origin: started.origin, appUrl: started.appUrl, admin: accounts.admin },
      accounts,
    };
  });
  afterAll(async () => {
    await started?.stop();
  });
  return () => {
    if (!demo) throw new Error('The demo server is not running');
    return demo;
  };
}
