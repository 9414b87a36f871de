import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { maxWorkers: '100%', name: 'test-support', include: ['test/**/*.test.ts'], testTimeout: 30_000 },
});
