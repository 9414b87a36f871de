import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp, type App } from '../src/http';
import { createLogger } from '../src/logger';
import { productMetrics } from '../src/metrics';

interface Target {
  refId: string;
  expr: string;
  datasource: { type: string; uid: string };
}
interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { h: number; w: number; x: number; y: number };
  datasource?: { type: string; uid: string };
  targets?: Target[];
}

const PROMQL_WORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'and',
  'or',
  'unless',
  'offset',
  'le',
  'inf',
  'nan',
]);

/** The metric names a PromQL expression reads: identifiers that are neither functions, keywords, label names nor values. */
export function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // label values
    .replace(/\{[^}]*\}/g, '') // label matchers
    .replace(/\[[^\]]*\]/g, '') // ranges
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ') // grouping labels
    .replace(/\$\w+/g, ' ');
  const names = new Set<string>();
  for (const match of bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const after = bare.slice((match.index ?? 0) + match[0].length).trimStart();
    if (after.startsWith('(') || PROMQL_WORDS.has(match[0].toLowerCase())) continue;
    names.add(match[0]);
  }
  return [...names];
}

/** Every series name a scrape can hold: counters and gauges as named, histograms and summaries with their suffixes. */
function exposedNames(scrape: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of scrape.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    if (!name || !type) continue;
    names.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(name + suffix);
  }
  return names;
}

let app: App;
let exposed: Set<string>;
let dashboard: {
  uid: string;
  title: string;
  schemaVersion: number;
  templating: { list: { name: string; type: string }[] };
  panels: Panel[];
};

beforeAll(async () => {
  dashboard = JSON.parse(await readFile(new URL('../../../deploy/grafana-dashboard.json', import.meta.url), 'utf8'));
  // What a service's /metrics holds: the HTTP series of a server that answered, and every product counter.
  app = await createHttpApp({
    name: 'test',
    logger: createLogger('test', 'silent'),
    corsOrigins: [],
    ready: async () => {},
  });
  await app.inject({ url: '/healthz' });
  for (const counter of Object.values(productMetrics)) counter();
  exposed = exposedNames((await app.inject({ url: '/metrics' })).body);
});
afterAll(() => app.close());

describe('deploy/grafana-dashboard.json', () => {
  it('is a Grafana dashboard whose panels have unique ids, a place on the grid and Prometheus queries', () => {
    expect(dashboard.uid).toBe('careers-portal');
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(dashboard.templating.list.map((v) => v.name)).toEqual(
      expect.arrayContaining(['datasource', 'job', 'instance']),
    );
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of dashboard.panels) {
      expect(panel.gridPos.x + panel.gridPos.w, panel.title).toBeLessThanOrEqual(24);
      if (panel.type === 'row') continue;
      expect(panel.datasource?.uid, panel.title).toBe('${datasource}');
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      const refIds = panel.targets!.map((t) => t.refId);
      expect(new Set(refIds).size, panel.title).toBe(refIds.length);
      // Balanced brackets: a query Grafana can send.
      for (const t of panel.targets!)
        for (const [open, close] of ['()', '{}', '[]'])
          expect(t.expr.split(open!).length, t.expr).toBe(t.expr.split(close!).length);
    }
  });

  it('queries only metrics the services expose', () => {
    const queried = dashboard.panels.flatMap((p) => p.targets ?? []).flatMap((t) => metricNames(t.expr));
    expect(queried.length).toBeGreaterThan(10);
    expect(queried.filter((name) => !exposed.has(name))).toEqual([]);
  });

  it('charts every HTTP and product series, with rate, p50/p95/p99 and errors by route', () => {
    const exprs = dashboard.panels.flatMap((p) => p.targets ?? []).map((t) => t.expr);
    const queried = new Set(exprs.flatMap(metricNames));
    const ours = [...exposed].filter(
      (name) =>
        /^(careers_|http_)/.test(name) && !/_(sum|count)$/.test(name) && name !== 'http_request_duration_seconds',
    );
    expect(ours.filter((name) => !queried.has(name))).toEqual([]);
    for (const q of ['0.5', '0.95', '0.99'])
      expect(exprs.some((e) => e.startsWith(`histogram_quantile(${q}, sum by (le, job, route)`))).toBe(true);
    expect(exprs.some((e) => /sum by \(job, route, status\) \(rate\(http_request_errors_total/.test(e))).toBe(true);
    expect(exprs.some((e) => /sum by \(job, instance\) \(rate\(http_requests_total/.test(e))).toBe(true);
  });

  it('reads metric names out of PromQL', () => {
    expect(
      metricNames(
        'histogram_quantile(0.95, sum by (le, route) (rate(http_request_duration_seconds_bucket{job=~"$job"}[$__rate_interval])))',
      ),
    ).toEqual(['http_request_duration_seconds_bucket']);
    expect(metricNames('sum(rate(a_total{x="y z"}[5m])) / sum(rate(b_total[5m]))')).toEqual(['a_total', 'b_total']);
  });
});
