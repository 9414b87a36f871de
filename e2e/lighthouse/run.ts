/**
 * Lighthouse benchmark of the portal's public pages, phone profile (Lighthouse's default mobile
 * emulation and throttling). Not part of `npm test`: scores move with the machine's load.
 *
 *   node --import tsx e2e/lighthouse/run.ts [portalUrl] [--job <jobId>] [--runs <n>] [--dist <portal build>]
 *   npm run lighthouse --workspace e2e -- [portalUrl] [--job <jobId>] [--runs <n>] [--dist <portal build>]
 *
 * Without a portal URL it starts its own stack (built portal, both services, free ports) like the
 * browser suite does, adds the demo employers and jobs (scripts/seed-demo.ts), and stops it afterwards.
 * It audits the login page, and /apply/<jobId> for the given job (on its own stack, by default the
 * first demo job); prints each category's score and the JavaScript transferred; keeps the JSON
 * reports under e2e/.lighthouse/. `--runs` audits each page that many times (scores move by several
 * points between runs here: report the median); `--dist` serves an existing portal build instead of
 * building one, e.g. a build without its dist/.ssr folder to measure the page rendered in the browser.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/browser';
import { repoRoot, startStack, type Stack } from '../support/stack';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const reportsDir = path.join(repoRoot, 'e2e', '.lighthouse');

interface Lhr {
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  categories: Record<string, { title: string; score: number | null }>;
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }
  >;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    job: { type: 'string' },
    runs: { type: 'string', default: '1' },
    dist: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(
    'usage: node --import tsx e2e/lighthouse/run.ts [portalUrl] [--job <jobId>] [--runs <n>] [--dist <portal build>]',
  );
  process.exit(0);
}

let stack: Stack | undefined;
let exitCode = 0;
try {
  let portalUrl = positionals[0]?.replace(/\/+$/, '');
  if (!portalUrl) {
    console.log('No portal URL given: building the portal and starting a stack of its own…');
    stack = await startStack(values.dist ? { portalDist: values.dist } : {});
    portalUrl = stack.portalUrl;
  }
  const jobId = values.job ?? (stack ? await firstDemoJob(stack) : undefined);
  const pages = [{ name: 'login', url: `${portalUrl}/account/login` }];
  if (jobId) pages.push({ name: 'apply', url: `${portalUrl}/apply/${encodeURIComponent(jobId)}` });
  else console.log('No job id (--job): the apply page is not audited.');

  mkdirSync(reportsDir, { recursive: true });
  const runs = Math.max(1, Number.parseInt(values.runs ?? '1', 10) || 1);
  for (const page of pages.flatMap((entry) => Array.from({ length: runs }, () => entry))) {
    const lhr = await audit(page.name, page.url);
    if (lhr.runtimeError) {
      console.error(
        `${page.name}: Lighthouse could not audit ${page.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
      );
      exitCode = 1;
      continue;
    }
    printSummary(page.name, lhr);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await stack?.stop();
}
process.exit(exitCode);

/** Creates the demo data on our own stack and answers the first demo job's id, if it can. */
async function firstDemoJob(own: Stack): Promise<string | undefined> {
  try {
    const { seedDemo } = await import('../../scripts/seed-demo');
    const links = await seedDemo({
      identityUrl: own.identityUrl,
      candidateUrl: own.candidateUrl,
      portalUrl: own.portalUrl,
      onlyIfEmpty: false,
    });
    return links.map((link) => /\/apply\/([^\s/?#]+)/.exec(link)?.[1]).find(Boolean);
  } catch (error) {
    console.log(`Could not create the demo jobs (${error instanceof Error ? error.message : String(error)}).`);
    return undefined;
  }
}

async function audit(name: string, url: string): Promise<Lhr> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const outputPath = path.join(reportsDir, `${name}-${stamp}.report.json`);
  const cli = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');
  const chromeFlags = ['--headless=new', ...CHROMIUM_ARGS].join(' ');
  console.log(`\nAuditing ${url} …`);
  const started = Date.now();
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        cli,
        url,
        `--chrome-flags=${chromeFlags}`,
        `--only-categories=${CATEGORIES.join(',')}`,
        '--form-factor=mobile',
        '--output=json',
        `--output-path=${outputPath}`,
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.once('error', reject);
    child.once('exit', resolve);
  });
  // Lighthouse sometimes exits non-zero while tidying up Chrome after writing a good report.
  const report = await readFile(outputPath, 'utf8').catch(() => {
    throw new Error(`Lighthouse (exit ${code}) wrote no report for ${url}`);
  });
  console.log(`  ${((Date.now() - started) / 1000).toFixed(1)} s, report ${path.relative(process.cwd(), outputPath)}`);
  return JSON.parse(report) as Lhr;
}

function printSummary(name: string, lhr: Lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const sum = (items: typeof requests) => items.reduce((total, item) => total + (item.transferSize ?? 0), 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const ms = (audit: string) => {
    const value = lhr.audits[audit]?.numericValue;
    return value === undefined ? 'n/a' : `${Math.round(value)} ms`;
  };
  console.log(`\n${name}: ${lhr.finalDisplayedUrl}`);
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    const score = category?.score;
    console.log(
      `  ${(category?.title ?? id).padEnd(16)} ${score === null || score === undefined ? 'n/a' : Math.round(score * 100)}`,
    );
  }
  console.log(`  JavaScript       ${kb(sum(requests.filter((r) => r.resourceType === 'Script')))} transferred`);
  console.log(`  All resources    ${kb(sum(requests))} transferred in ${requests.length} requests`);
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue;
  console.log(
    `  FCP ${ms('first-contentful-paint')}, LCP ${ms('largest-contentful-paint')}, TBT ${ms('total-blocking-time')}, CLS ${cls === undefined ? 'n/a' : cls.toFixed(3)}`,
  );
}
