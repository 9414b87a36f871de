import { describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { percentiles, runLoadApply, STEPS } from '../load-apply';

/**
 * The load test of `npm run bench` (scripts/load-apply.ts) with a handful of candidates, so that it
 * cannot rot between bench runs: the same script, the same flow, the same checks of what was kept.
 */
describe.each(databaseKinds().filter((kind) => kind === 'postgres'))('the load test on %s', () => {
  it('takes a few new candidates through the whole apply flow at once, with no error and nothing lost', async () => {
    const candidates = 4;
    const result = await runLoadApply({ adminUrl: process.env.TEST_POSTGRES_URL!, candidates });

    expect(result.failures).toEqual([]);
    expect(result.completed).toBe(candidates);
    expect(result.acknowledged).toBe(candidates);
    expect(result.lost).toEqual([]);
    expect(result.employerSees).toBe(candidates);
    expect(result.rowsStored).toBe(candidates);
    // The portal's calls, each answered as it should: 404 only for the sign-in check of a new address.
    expect(result.statuses).toEqual({ 200: candidates * 7, 404: candidates });
    for (const step of STEPS) expect(result.steps[step].count, step).toBe(candidates);
    expect(result.flow.p50).toBeGreaterThan(0);
    expect(result.flowsPerSecond).toBeGreaterThan(0);
    expect(result.connections.identity).toBeGreaterThan(0);
    expect(result.connections.candidate).toBeGreaterThan(0);
  }, 60_000);
});

describe('load test percentiles', () => {
  it('are nearest-rank', () => {
    const samples = Array.from({ length: 200 }, (_, i) => 200 - i);
    expect(percentiles(samples)).toEqual({ count: 200, p50: 100, p99: 198, max: 200 });
    expect(percentiles([7])).toEqual({ count: 1, p50: 7, p99: 7, max: 7 });
  });
});
