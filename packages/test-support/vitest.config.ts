import { defineConfig } from 'vitest/config';
import { workersPerProject } from '../../vitest.workers.ts';

export default defineConfig({
  test: { maxWorkers: workersPerProject, name: 'test-support', include: ['test/**/*.test.ts'], testTimeout: 30_000 },
});
