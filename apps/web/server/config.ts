import { z } from 'zod';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RuntimeConfig } from '../src/config/runtime-config-schema';
// Types only from server-kit: vite.config.ts loads this file with Node, which cannot import its .ts sources.
import type { LogFormat, TrustProxy } from '@careers/server-kit/env';

/** The portal server's settings. This module is the only place that reads process.env. */
const envSchema = z.object({
  WEB_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  IDENTITY_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3001'),
  CANDIDATE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3002'),
  /** The portal's public address: canonical and link-preview URLs of server-rendered pages. */
  PORTAL_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  PUBLIC_BLOB_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  APP_ENVIRONMENT: z.string().trim().min(1).default('Production'),
  /** The country of jobs that name none (ISO 3166-1 alpha-2): the JSON-LD's addressCountry (docs/decisions/0371). */
  JOB_COUNTRY: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'expected two letters (ISO 3166-1), such as GB')
    .default('GB'),
  /** The build to serve; a relative path is taken from the working directory. */
  PORTAL_DIST_DIR: z.string().trim().min(1).optional(),
  /** With it, /metrics answers this bearer token from anywhere; without it, loopback peers only (docs/decisions/0072). */
  METRICS_TOKEN: z.string().min(32).optional(),
  /**
   * Crawlers' fetches of the apply pages are reported to the candidate service (docs/decisions/0514) at its
   * private address (default CANDIDATE_URL, right only when that is not nginx, which refuses /internal/),
   * with the credential it shares with that service. Unset, the one the embedded default generates under
   * DATA_DIR is used if there is one; else nothing is reported.
   */
  CANDIDATE_INTERNAL_URL: z.url({ protocol: /^https?$/ }).optional(),
  CRAWLER_REPORT_TOKEN: z.string().min(32).optional(),
  /**
   * IndexNow's key (docs/decisions/0561), served at /{key}.txt: the candidate service's INDEXNOW_KEY. Unset, the
   * one the embedded default generates under DATA_DIR is served if there is one.
   */
  INDEXNOW_KEY: z
    .string()
    .regex(/^[a-zA-Z0-9-]{8,128}$/, 'expected 8 to 128 letters, digits or dashes')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * As the services' TRUST_PROXY (false, a hop count, or the proxies' addresses). The portal reads no
   * forwarded address; set, it means a proxy is in front, so no request is trusted for coming from
   * loopback (/metrics then needs METRICS_TOKEN).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(false|true|\d{1,2}|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, 'expected false, a hop count or proxy addresses')
    .optional(),
  /** As the services: info and JSON by default; `npm start` asks for warn and readable text. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'text'] satisfies LogFormat[]).default('json'),
});

const DEFAULT_DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));

export interface PortalServerConfig {
  port: number;
  host: string;
  /** Public address of the portal, without a trailing slash. */
  portalUrl: string;
  /** The built single-page app (index.html, assets/, robots.txt). */
  distDir: string;
  runtime: RuntimeConfig;
  metricsToken?: string | undefined;
  /** Set when a proxy is in front (TRUST_PROXY); see serveMetrics. */
  trustProxy?: TrustProxy;
  log?: { level: string; format: LogFormat };
  /** The country of jobs that name none (JOB_COUNTRY, default GB). */
  jobCountry?: string;
  /** Where crawlers' fetches are reported, and with what (docs/decisions/0514); absent: nowhere. */
  crawlerReport?: CrawlerReportConfig;
  /** IndexNow's key file (docs/decisions/0561): the key, or the file the embedded default generates it in. */
  indexNow?: { key?: string | undefined; keyFile?: string | undefined };
}

export interface CrawlerReportConfig {
  /** The candidate service's private address, without a trailing slash. */
  candidateUrl: string;
  /** CRAWLER_REPORT_TOKEN. */
  token?: string | undefined;
  /** Without a token: the embedded default's generated one, read when there is a fetch to report. */
  tokenFile?: string | undefined;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

function trustProxyOf(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((entry) => entry.trim());
}

const SECRET_VARIABLES = new Set(['METRICS_TOKEN', 'CRAWLER_REPORT_TOKEN']);

export type ParseResult = { ok: true; config: PortalServerConfig } | { ok: false; problems: string[] };

/** Parses an environment; empty strings count as unset. Lists every bad variable. */
export function parsePortalEnv(env: Record<string, string | undefined>): ParseResult {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map(
        (issue) =>
          `${issue.path.join('.')}: ${issue.message} (got ${SECRET_VARIABLES.has(String(issue.path[0])) ? 'a hidden value' : JSON.stringify(cleaned[String(issue.path[0])])})`,
      ),
    };
  }
  const vars = parsed.data;
  const candidateBaseUrl = trimSlash(vars.CANDIDATE_URL);
  return {
    ok: true,
    config: {
      port: vars.WEB_PORT,
      host: vars.HOST,
      portalUrl: trimSlash(vars.PORTAL_URL),
      distDir: vars.PORTAL_DIST_DIR ? resolve(vars.PORTAL_DIST_DIR) : DEFAULT_DIST_DIR,
      metricsToken: vars.METRICS_TOKEN,
      trustProxy: trustProxyOf(vars.TRUST_PROXY),
      log: { level: vars.LOG_LEVEL, format: vars.LOG_FORMAT },
      jobCountry: vars.JOB_COUNTRY.toUpperCase(),
      crawlerReport: {
        candidateUrl: trimSlash(vars.CANDIDATE_INTERNAL_URL ?? vars.CANDIDATE_URL),
        token: vars.CRAWLER_REPORT_TOKEN,
        tokenFile: vars.CRAWLER_REPORT_TOKEN
          ? undefined
          : join(resolve(vars.DATA_DIR), 'internal-secrets', 'crawler-report.secret'),
      },
      indexNow: {
        key: vars.INDEXNOW_KEY,
        keyFile: vars.INDEXNOW_KEY ? undefined : join(resolve(vars.DATA_DIR), 'internal-secrets', 'indexnow.secret'),
      },
      runtime: {
        identityBaseUrl: trimSlash(vars.IDENTITY_URL),
        candidateBaseUrl,
        blobBaseUrl: trimSlash(vars.PUBLIC_BLOB_BASE_URL ?? `${candidateBaseUrl}/blobs`),
        environment: vars.APP_ENVIRONMENT,
      },
    },
  };
}

/** Reads process.env; on any bad variable prints them all and stops the process. */
export function loadPortalConfig(): PortalServerConfig {
  const result = parsePortalEnv(process.env);
  if (!result.ok) {
    console.error(`Invalid portal configuration:\n  ${result.problems.join('\n  ')}`);
    // 2, as the services: `npm start` does not restart a part whose settings a restart cannot fix.
    process.exit(2);
  }
  return result.config;
}
