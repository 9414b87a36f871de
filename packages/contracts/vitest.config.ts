import { defineConfig } from 'vitest/config';
import { workersPerProject } from '../../vitest.workers.ts';

export default defineConfig({
  test: { maxWorkers: workersPerProject, name: 'contracts', include: ['test/**/*.test.ts'] },
});
