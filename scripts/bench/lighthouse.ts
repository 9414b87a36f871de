/**
 * Lighthouse (mobile profile) of the apply page against a bare static page holding the same words, as
 * e2e/lighthouse/run.ts runs it: the CLI in its own process with Debian's Chromium, JSON report.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/browser';

export interface PageFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsBytes: number;
  /** What Lighthouse saw as the largest contentful paint (its element's markup, shortened). */
  lcpElement?: string;
}

interface Lhr {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: {
        items?: { resourceType?: string; transferSize?: number; type?: string; selector?: string }[];
      };
    }
  >;
}

/** The element Lighthouse took as the largest contentful paint (its LCP breakdown names the node). */
function lcpNode(lhr: Lhr): string | undefined {
  const items = lhr.audits['lcp-breakdown-insight']?.details?.items ?? [];
  return items.find((item) => item.type === 'node')?.selector;
}

interface AuditOptions {
  /** A running Chromium's DevTools port: Lighthouse audits in it, keeping what its storage holds. */
  port?: number;
}

async function audit(url: string, options: AuditOptions = {}): Promise<PageFigures> {
  const outputPath = path.join(os.tmpdir(), `bench-lighthouse-${process.pid}-${Date.now()}.json`);
  const cli = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');
  const child = spawn(
    process.execPath,
    [
      cli,
      url,
      `--chrome-flags=${['--headless=new', ...CHROMIUM_ARGS].join(' ')}`,
      '--only-categories=performance,accessibility',
      '--form-factor=mobile',
      ...(options.port ? [`--port=${options.port}`, '--disable-storage-reset'] : []),
      '--output=json',
      `--output-path=${outputPath}`,
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  await once(child, 'exit');
  // Lighthouse sometimes exits non-zero while tidying up Chrome after writing a good report.
  const lhr = JSON.parse(await readFile(outputPath, 'utf8')) as Lhr;
  const keep = process.env.BENCH_LIGHTHOUSE_KEEP;
  if (keep) {
    await mkdir(keep, { recursive: true });
    await copyFile(outputPath, path.join(keep, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`));
  }
  await rm(outputPath, { force: true });
  if (lhr.runtimeError)
    throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbtMs: value('total-blocking-time'),
    jsBytes: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    lcpElement: lcpNode(lhr),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Median of `runs` audits, figure by figure. An audit Lighthouse could not record (NO_NAVSTART…) is run once more. */
export async function medianAudit(url: string, runs: number): Promise<PageFigures> {
  const all: PageFigures[] = [];
  for (let i = 0; i < runs; i++) all.push(await audit(url).catch(() => audit(url)));
  return medianOf(all);
}

function medianOf(all: PageFigures[]): PageFigures {
  const keys = ['performance', 'accessibility', 'lcpMs', 'cls', 'tbtMs', 'jsBytes'] as const;
  const figures = Object.fromEntries(keys.map((k) => [k, median(all.map((f) => f[k]))])) as Omit<
    PageFigures,
    'lcpElement'
  >;
  // The element of the run whose LCP is the median one.
  return { ...figures, lcpElement: all.find((f) => f.lcpMs === figures.lcpMs)?.lcpElement };
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The words the apply page shows once it is complete (read in Chromium, so it works whether the page is
 * rendered by the server or in the browser), served as a static page with no script and no style sheet.
 */
export async function serveBarePage(
  applyUrl: string,
  port: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  let title: string;
  let lines: string[];
  try {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(applyUrl, { waitUntil: 'networkidle' });
    title = await page.title();
    lines = (await page.locator('body').innerText())
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  } finally {
    await browser.close();
  }
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><meta name="description" content="${escape(lines[0] ?? title)}"></head>
<body><main>${lines.map((l, i) => (i === 0 ? `<h1>${escape(l)}</h1>` : `<p>${escape(l)}</p>`)).join('\n')}</main></body></html>`;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * A signed-in page as a phone opens it: a fresh Chromium profile per audit whose local storage holds
 * `storage` for the page's origin (set on a stand-in page, so nothing of the portal is cached), then
 * Lighthouse's mobile profile (the same simulated throttling as the apply page's audits) in that browser
 * without its storage reset. Median of `runs`, figure by figure.
 */
export async function medianSignedInAudit(
  url: string,
  storage: Record<string, string>,
  runs: number,
): Promise<PageFigures> {
  const all: PageFigures[] = [];
  for (let i = 0; i < runs; i++) {
    const attempt = () => withStorage(url, storage, (port) => audit(url, { port }));
    all.push(await attempt().catch(attempt));
  }
  return medianOf(all);
}

async function withStorage<T>(url: string, storage: Record<string, string>, run: (port: number) => Promise<T>) {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'bench-profile-'));
  const chrome = spawn(
    CHROMIUM_PATH,
    ['--headless=new', ...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let err = '';
      chrome.stderr.on('data', (chunk: Buffer) => {
        err += chunk.toString();
        const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
        if (found) resolve(Number(found[1]));
      });
      chrome.once('exit', () => reject(new Error(`Chromium exited before listening: ${err}`)));
    });
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    try {
      const page = await browser.contexts()[0]!.newPage();
      const origin = new URL(url).origin;
      await page.route(`${origin}/**`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>setup</title>' }),
      );
      await page.goto(`${origin}/bench-storage-setup`);
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, storage);
      await page.close();
    } finally {
      await browser.close();
    }
    return await run(port);
  } finally {
    chrome.kill();
    await once(chrome, 'exit').catch(() => undefined);
    await rm(profile, { recursive: true, force: true });
  }
}
