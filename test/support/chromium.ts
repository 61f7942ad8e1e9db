/**
 * The system Chromium for browser tests and benchmarks (never a downloaded one). If it is missing
 * and this runs as root on Debian, it is installed with apt-get; otherwise the error says how.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { systemTool } from './system-tool';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
] as const;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return systemTool({
    paths: CANDIDATES,
    pkg: 'chromium',
    usedBy: 'The browser tests',
    orElse: 'set CHROMIUM_PATH',
  });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}
