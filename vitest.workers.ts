import { availableParallelism } from 'node:os';

/**
 * Workers per project. Vitest gives each project its own `maxWorkers` (default: one core fewer than the
 * machine has, so a single worker on a 2-core machine) and does not take the root config's for its
 * projects: every project config sets this one. Most files wait on PGlite, child processes and timers,
 * and a file's imports and environment are set up while another file runs: one worker per core.
 */
export const workersPerProject = Math.max(2, availableParallelism());
