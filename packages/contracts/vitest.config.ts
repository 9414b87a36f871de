import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { maxWorkers: '100%', name: 'contracts', include: ['test/**/*.test.ts'] },
});
