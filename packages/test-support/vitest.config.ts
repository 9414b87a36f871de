import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'test-support', include: ['test/**/*.test.ts'], testTimeout: 30_000 } });
