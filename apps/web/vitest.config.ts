import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { preactAliases } from './preact-aliases';

// Node 20 has no Map.groupBy, which vitest 5's reporter uses to print failures.
const mapWithGroupBy = Map as unknown as { groupBy?: unknown };
if (typeof mapWithGroupBy.groupBy !== 'function') {
  mapWithGroupBy.groupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => {
    const groups = new Map<K, T[]>();
    let index = 0;
    for (const item of items) {
      const group = key(item, index++);
      groups.set(group, [...(groups.get(group) ?? []), item]);
    }
    return groups;
  };
}

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      ...preactAliases,
      // Its CommonJS build (package.json "main") would require React DOM itself; its ES build is run
      // through Vite with the aliases above.
      {
        find: /^@testing-library\/react$/,
        replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
      },
    ],
  },
  test: {
    maxWorkers: '100%',
    // One jsdom per worker, shared by the files it runs: creating it for every file was about half the
    // project's CPU. Each file still starts from fresh modules and an empty document (setup-tests.ts).
    // (pool: 'vmThreads', which keeps jsdom per file cheaper, fails on Node 20.)
    isolate: false,
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    restoreMocks: true,
    // The libraries that import React are run through Vite too, so that they get Preact as the app does
    // (Node would otherwise load React itself for them, and two renderers would meet).
    server: {
      deps: {
        inline: [
          /@testing-library\/react/,
          /react-router/,
          /@tanstack\/react-query/,
          /react-hook-form/,
          /@hookform\/resolvers/,
          /sonner/,
        ],
      },
    },
  },
});
