import type { PreparedApplication } from './api-client.js';
import { loadLighthouseTools, type BrowserPage, type LighthouseTools } from './lighthouse-tools.js';

/**
 * Lighthouse (mobile, its default simulated throttling; performance,
 * accessibility and best practices) on the sign-in
 * screen and on a wizard step, in Debian's Chromium. The wizard step needs a
 * signed-in tab: the tokens live in sessionStorage (docs/requirements.md section 3), which
 * belongs to one tab. So puppeteer-core (Lighthouse's own driver) opens a
 * tab on the app's origin at /healthz, which loads none of the app's files,
 * puts the tokens there, and Lighthouse navigates that same tab with storage
 * reset off, after the HTTP cache is cleared, so the app's files load cold.
 * The three packages are installed on first use (lighthouse-tools.ts).
 */

export type LighthousePage = {
  name: string;
  path: string;
  performance: number[];
  accessibility: number[];
  bestPractices: number[];
  lcpMs: number[];
  tbtMs: number[];
  failedAudits: string[];
  finalUrls: string[];
  errors: string[];
};

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];

/** `error`: the run did not give scores (Lighthouse's runtime error, such as NO_FCP); its figures are not used. */
type Scores = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  failedAudits: string[];
  finalUrl: string;
  error?: string;
};

/** The kinds of issue Chromium's Issues panel reported (the best-practices audit inspector-issues), e.g. "Content security policy", with the URLs it names (such as a blocked one). */
function issueTypesOf(details: unknown): string {
  const items = (details as { items?: { issueType?: unknown; subItems?: { items?: { url?: unknown }[] } }[] } | undefined)?.items ?? [];
  return items
    .map((item) => {
      const urls = (item.subItems?.items ?? []).flatMap((sub) => (typeof sub.url === 'string' ? [sub.url] : []));
      return `${String(item.issueType)}${urls.length > 0 ? `: ${urls.join(' ')}` : ''}`;
    })
    .join(', ');
}

async function audit({ lighthouse }: LighthouseTools, url: string, port: number, page?: BrowserPage): Promise<Scores> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'], disableStorageReset: page !== undefined },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  const unscored = (['performance', 'accessibility', 'best-practices'] as const).filter((id) => typeof categories[id]?.score !== 'number');
  const error = runtimeError ? `${runtimeError.code}: ${runtimeError.message}` : unscored.length > 0 ? `no score for ${unscored.join(', ')}` : undefined;
  const failedAudits = Object.values(audits)
    .filter(
      (item) =>
        item.score !== null &&
        item.score < 0.9 &&
        (item.scoreDisplayMode === 'binary' || item.scoreDisplayMode === 'numeric' || item.scoreDisplayMode === 'metricSavings'),
    )
    .map(
      (item) => `${item.id}${item.displayValue ? ` (${item.displayValue})` : ''}${item.id === 'inspector-issues' ? ` [${issueTypesOf(item.details)}]` : ''}`,
    );
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? 0,
    tbtMs: audits['total-blocking-time']?.numericValue ?? 0,
    failedAudits,
    finalUrl: result.lhr.finalDisplayedUrl,
    ...(error ? { error } : {}),
  };
}

/** One audit, once more if Lighthouse gave no scores (a busy machine can make the page miss its first paint). */
async function auditWithRetry(tools: LighthouseTools, url: string, port: number, page?: BrowserPage): Promise<Scores[]> {
  const first = await audit(tools, url, port, page);
  return first.error ? [first, await audit(tools, url, port, page)] : [first];
}

function collect(name: string, path: string, all: Scores[]): LighthousePage {
  const runs = all.filter((run) => !run.error);
  return {
    name,
    path,
    performance: runs.map((run) => run.performance),
    accessibility: runs.map((run) => run.accessibility),
    bestPractices: runs.map((run) => run.bestPractices),
    lcpMs: runs.map((run) => run.lcpMs),
    tbtMs: runs.map((run) => run.tbtMs),
    // One entry per audit (with the first run's value), in the order they first failed.
    failedAudits: [...new Map(runs.flatMap((run) => run.failedAudits).map((item) => [item.split(' ')[0], item])).values()],
    // Where the page ended up: a wizard step that redirected to sign-in would show here.
    finalUrls: [...new Set(runs.map((run) => run.finalUrl.replace(/processId=[^&]+/, 'processId=…')))],
    errors: all.flatMap((run) => (run.error ? [run.error] : [])),
  };
}

/**
 * Runs Lighthouse `runs` times on each page. `signIn` gives a fresh signed-in
 * application for each wizard run (the step's screen must be the application's current one).
 */
export async function runLighthouse(
  baseUrl: string,
  runs: number,
  signIn: () => Promise<PreparedApplication>,
  log: (message: string) => void,
): Promise<LighthousePage[]> {
  const tools = await loadLighthouseTools(log);
  const chrome = await tools.launchChrome({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    const authentication: Scores[] = [];
    for (let run = 0; run < runs; run += 1) authentication.push(...(await auditWithRetry(tools, `${baseUrl}/start/authentication`, chrome.port)));

    const browser = await tools.connectBrowser({ browserURL: `http://127.0.0.1:${String(chrome.port)}`, defaultViewport: null });
    const wizard: Scores[] = [];
    let wizardPath = '/start/application/opening-reasons';
    try {
      for (let run = 0; run < runs; run += 1) {
        const application = await signIn();
        wizardPath = `/start/application/opening-reasons?processId=${application.processId}`;
        const page = await browser.newPage();
        await page.goto(`${baseUrl}/healthz`);
        await page.evaluate(
          (values: Record<string, string>) => {
            for (const [key, value] of Object.entries(values)) sessionStorage.setItem(key, value);
          },
          { accessToken: application.accessToken, refreshToken: application.refreshToken, processId: application.processId },
        );
        // The sign-in screen's runs filled the HTTP cache; with storage reset off Lighthouse would keep it.
        const cdp = await page.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
        wizard.push(...(await auditWithRetry(tools, `${baseUrl}${wizardPath}`, chrome.port, page)));
        await page.close();
      }
    } finally {
      await browser.disconnect();
    }
    return [
      collect('sign-in screen', '/start/authentication', authentication),
      collect('wizard step (signed in)', wizardPath.replace(/processId=[^&]+/, 'processId=…'), wizard),
    ];
  } finally {
    chrome.kill();
  }
}
