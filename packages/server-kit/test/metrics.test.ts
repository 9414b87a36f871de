import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpApp, type App } from '../src/http';
import { createLogger } from '../src/logger';
import { countedJob, metricSample as sample, productMetrics } from '../src/metrics';
import { HttpProblem } from '../src/problem';

let app: App;
let base: string;
const scrape = async () => (await fetch(`${base}/metrics`)).text();

beforeAll(async () => {
  app = await createHttpApp({
    name: 'test',
    logger: createLogger('test', 'silent'),
    corsOrigins: [],
    ready: async () => {},
  });
  app.get('/items/:itemId', { schema: { params: z.object({ itemId: z.string() }) } }, async (request) => {
    if (request.params.itemId === 'boom') throw new Error('broken');
    if (request.params.itemId === 'missing') throw new HttpProblem(404, 'No such item.');
    return { id: request.params.itemId };
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => app.close());

describe('/metrics after real calls', () => {
  it('counts requests by route pattern and status, never by raw URL', async () => {
    const before = await scrape();
    for (const id of ['a1', 'b2', 'c3']) expect((await fetch(`${base}/items/${id}`)).status).toBe(200);
    expect((await fetch(`${base}/items/missing`)).status).toBe(404);
    expect((await fetch(`${base}/no/such/path/42`)).status).toBe(404);
    const after = await scrape();
    const ok = { method: 'GET', route: '/items/:itemId', status: '200' };
    expect(sample(after, 'http_requests_total', ok) - sample(before, 'http_requests_total', ok)).toBe(3);
    expect(sample(after, 'http_requests_total', { route: '/items/:itemId', status: '404' })).toBe(1);
    expect(sample(after, 'http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    // Bounded cardinality: no id or raw path ever becomes a label value.
    expect(after).not.toMatch(/route="[^"]*(a1|b2|c3|missing|such)/);
    expect(after).not.toContain('/no/such/path');
  });

  it('records latency in a histogram per route, for p50/p95/p99', async () => {
    const labels = { method: 'GET', route: '/items/:itemId' };
    const before = sample(await scrape(), 'http_request_duration_seconds_count', labels);
    await fetch(`${base}/items/x`);
    await fetch(`${base}/items/y`);
    const after = await scrape();
    expect(sample(after, 'http_request_duration_seconds_count', labels) - before).toBe(2);
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      sample(after, 'http_request_duration_seconds_count', labels),
    );
    expect(after).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/items\/:itemId"\} \d+/,
    );
    expect(sample(after, 'http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
  });

  it('counts server errors per route', async () => {
    const labels = { method: 'GET', route: '/items/:itemId', status: '500' };
    const before = sample(await scrape(), 'http_request_errors_total', labels);
    expect((await fetch(`${base}/items/boom`)).status).toBe(500);
    const after = await scrape();
    expect(sample(after, 'http_request_errors_total', labels) - before).toBe(1);
    // 4xx is the caller's doing: in the request count, not in the errors.
    expect(sample(after, 'http_request_errors_total', { status: '404' })).toBe(0);
  });

  it('shows the product counters and counts background jobs and their failures', async () => {
    await countedJob('test-job', async () => 1);
    await expect(countedJob('test-job', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    productMetrics.emailsQueued().inc({ kind: 'test-kind' });
    const after = await scrape();
    expect(sample(after, 'careers_background_jobs_total', { job: 'test-job' })).toBe(2);
    expect(sample(after, 'careers_background_job_failures_total', { job: 'test-job' })).toBe(1);
    expect(sample(after, 'careers_emails_queued_total', { kind: 'test-kind' })).toBe(1);
    expect(after).toContain('process_cpu_user_seconds_total');
  });
});
