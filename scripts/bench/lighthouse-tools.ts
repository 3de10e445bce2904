import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './servers.js';

/**
 * Lighthouse and what it drives Chromium with. Only the benchmark's Lighthouse runs use them, and together they are
 * about 170 packages, so they are not in the project's install: the first run that needs them installs them here,
 * under node_modules (ignored by git, gone with it). Lighthouse 12: Lighthouse 13 needs Node.js 22.
 */
export const LIGHTHOUSE_PACKAGES = { lighthouse: '12.8.2', 'puppeteer-core': '24.43.1', 'chrome-launcher': '1.2.1' } as const;
export const LIGHTHOUSE_TOOLS_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'bench-lighthouse');

const specs = Object.entries(LIGHTHOUSE_PACKAGES).map(([name, version]) => `${name}@${version}`);
const installCommand = ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefix', LIGHTHOUSE_TOOLS_DIR, ...specs];

/** The parts of Lighthouse's result the benchmark reads. */
export type LighthouseAudit = { id: string; score: number | null; scoreDisplayMode: string; displayValue?: string; numericValue?: number; details?: unknown };
export type LighthouseResult = {
  lhr: {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, LighthouseAudit>;
    runtimeError?: { code: string; message: string };
    finalDisplayedUrl: string;
  };
};
export type CdpSession = { send(method: 'Network.clearBrowserCache'): Promise<unknown>; detach(): Promise<void> };
export type BrowserPage = {
  goto(url: string): Promise<unknown>;
  evaluate<Arg>(run: (arg: Arg) => void, arg: Arg): Promise<unknown>;
  createCDPSession(): Promise<CdpSession>;
  close(): Promise<void>;
};
export type LighthouseTools = {
  lighthouse(url: string, flags: Record<string, unknown>, config: undefined, page?: BrowserPage): Promise<LighthouseResult | undefined>;
  launchChrome(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
  connectBrowser(options: { browserURL: string; defaultViewport: null }): Promise<{ newPage(): Promise<BrowserPage>; disconnect(): Promise<void> }>;
};

// Bare names resolve from the file that imports them: a module in the tools folder finds the tools' node_modules.
const LOADER = `export { default as lighthouse } from 'lighthouse';
export { launch as launchChrome } from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
export const connectBrowser = (options) => puppeteer.connect(options);
`;

/** The packages are not there and could not be installed: the message says how to get them or leave Lighthouse out. */
export class LighthouseToolsUnavailable extends Error {
  override readonly name = 'LighthouseToolsUnavailable';
}

const installedVersion = (name: string): string | null => {
  const manifest = path.join(LIGHTHOUSE_TOOLS_DIR, 'node_modules', name, 'package.json');
  return existsSync(manifest) ? ((JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version ?? null) : null;
};

/**
 * Lighthouse, puppeteer-core and chrome-launcher, installed on first use (which needs the npm registry once).
 * Throws LighthouseToolsUnavailable, saying how to install them by hand or leave Lighthouse out, when the install fails.
 */
export async function loadLighthouseTools(log: (message: string) => void): Promise<LighthouseTools> {
  const missing = Object.entries(LIGHTHOUSE_PACKAGES).filter(([name, version]) => installedVersion(name) !== version);
  if (missing.length > 0) {
    log(`installing ${specs.join(', ')} into ${path.relative(REPO_ROOT, LIGHTHOUSE_TOOLS_DIR)} (once; not part of the project's install)`);
    mkdirSync(LIGHTHOUSE_TOOLS_DIR, { recursive: true });
    try {
      // npm's own output goes to stderr, with the bench's log; stdout is for the report.
      execFileSync('npm', installCommand, { stdio: ['ignore', 2, 2] });
    } catch (error) {
      throw new LighthouseToolsUnavailable(
        `Lighthouse's packages could not be installed (${error instanceof Error ? error.message : String(error)}). ` +
          `Install them with "npm ${installCommand.join(' ')}", or run the benchmark with --skip-lighthouse.`,
      );
    }
  }
  const loader = path.join(LIGHTHOUSE_TOOLS_DIR, 'load.mjs');
  writeFileSync(loader, LOADER);
  return (await import(pathToFileURL(loader).href)) as LighthouseTools;
}
