import { defineConfig } from 'vitest/config';

// Unit and integration suites of every workspace; the browser suite (e2e/) runs on its own.
export default defineConfig({
  test: {
    projects: [
      'scripts/vitest.config.ts',
      'packages/*/vitest.config.ts',
      'services/*/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
