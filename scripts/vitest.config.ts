import { defineConfig } from 'vitest/config';
import { workersPerProject } from '../vitest.workers.ts';

// Checks of the repository itself (its lint boundaries), beside the workspaces' own suites.
export default defineConfig({
  test: { maxWorkers: workersPerProject, name: 'repository', include: ['test/**/*.test.ts'], testTimeout: 60_000 },
});
