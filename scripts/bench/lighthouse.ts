/**
 * Lighthouse (mobile profile) of the apply page against a bare static page holding the same words, as
 * e2e/lighthouse/run.ts runs it: the CLI in its own process with Debian's Chromium, JSON report.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFile, mkdir, readFile, rm } from 'node:fs/promises';
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
}

interface Lhr {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }
  >;
}

async function audit(url: string): Promise<PageFigures> {
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
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Median of `runs` audits, figure by figure. An audit Lighthouse could not record (NO_NAVSTART…) is run once more. */
export async function medianAudit(url: string, runs: number): Promise<PageFigures> {
  const all: PageFigures[] = [];
  for (let i = 0; i < runs; i++) all.push(await audit(url).catch(() => audit(url)));
  const keys = Object.keys(all[0]!) as (keyof PageFigures)[];
  return Object.fromEntries(keys.map((k) => [k, median(all.map((f) => f[k]))])) as unknown as PageFigures;
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
