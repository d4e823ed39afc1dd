// What the full test run needs from the machine, and how to get it when it is missing.
import { existsSync } from 'node:fs';

export const CHROMIUM_CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].filter(Boolean);

export function findChromium() {
  return CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

export const CHROMIUM_MISSING_HELP = `Chromium was not found (looked at ${CHROMIUM_CANDIDATES.join(', ')}).
Install it, for example on Debian: apt-get install -y chromium
or set CHROMIUM_PATH to a Chromium or Chrome executable.`;

export const isCi = () => process.env.CI === 'true';
