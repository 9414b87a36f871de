import type { TrustProxy } from '../env';
import { serveMetrics } from '../metrics';
import { sharedPlugin } from './shared-plugin';

export interface MetricsOptions {
  token?: string | undefined;
  trustProxy?: TrustProxy | undefined;
}

/**
 * Counts and times every answer, and serves GET /metrics to operators only
 * (docs/decisions/0072-metrics-for-operators-only.md); what they hold: ../metrics.ts.
 */
export const metrics = sharedPlugin<MetricsOptions>('metrics', async (app, options) => {
  serveMetrics(app, options.token, options.trustProxy);
});
