import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, or the one CHROME_PATH names. Never a downloaded browser. */
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** True when a browser is there to run the browser tests. */
export const hasBrowser = fs.existsSync(chromePath);

/** Flags that keep headless Chromium quiet on a machine with no network but loopback. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath, args: ARGS, headless: true });
}
