import { defineConfig } from 'vitest/config';

// Checks of the repository itself (its lint boundaries), beside the workspaces' own suites.
export default defineConfig({
  test: { maxWorkers: '100%', name: 'repository', include: ['test/**/*.test.ts'], testTimeout: 60_000 },
});
