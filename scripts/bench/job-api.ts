/**
 * GET /job/{id} of the running candidate service against bare Fastify answering the same JSON from
 * memory, one after the other in the same run, with the same autocannon load.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
}

export async function load(url: string, seconds: number, headers: Record<string, string> = {}): Promise<LoadResult> {
  const result = await autocannon({ url, connections: 10, duration: seconds, headers });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

export async function compareJobApi(candidateUrl: string, jobId: string, port: number, seconds = 10) {
  const jobUrl = `${candidateUrl}/job/${jobId}`;
  const body = await (await fetch(jobUrl)).text();
  const bare = spawn(process.execPath, [path.join(here, 'bare-job-server.mjs'), String(port), body], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await once(bare.stdout, 'data');
    const bareUrl = `http://127.0.0.1:${port}/job/${jobId}`;
    await load(jobUrl, 2); // warm up both: JIT, caches, connections
    await load(bareUrl, 2);
    // Alternating rounds, median of each: the machine's other load then weighs on both sides alike.
    const service: LoadResult[] = [];
    const baseline: LoadResult[] = [];
    for (let round = 0; round < 3; round++) {
      service.push(await load(jobUrl, seconds / 3));
      baseline.push(await load(bareUrl, seconds / 3));
    }
    const median = (results: LoadResult[]) =>
      [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[1]!;
    const [s, b] = [median(service), median(baseline)];
    return { service: s, bare: b, ratio: s.requestsPerSecond / b.requestsPerSecond, bytes: body.length };
  } finally {
    bare.kill('SIGTERM');
    await once(bare, 'exit');
  }
}
