import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

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
  test: {
    maxWorkers: '100%',
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    restoreMocks: true,
  },
});
