// Debian's Chromium for the web view's specs and bench row, driven by playwright-core with its
// executablePath (no browser is downloaded); .ci/run installs it.
import fs from 'node:fs';
import playwright, { type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_READY = fs.existsSync(CHROMIUM);

/** What this machine needs of Chromium: no sandbox as root, and no calls home (its network refuses them). */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchChromium(): Promise<Browser> {
  return playwright.chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

