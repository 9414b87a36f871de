/**
 * Vitest 5's reporter calls Map.groupBy and Object.groupBy (Node 21+). On Node 20 the failure summary
 * itself crashes ("Map.groupBy is not a function") and hides which test failed and why. Imported by
 * vitest.config.ts so that it runs in the main process, where the reporters live.
 */
type GroupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => Map<K, T[]>;

if (typeof (Map as unknown as { groupBy?: GroupBy }).groupBy !== 'function') {
  const groupBy: GroupBy = (items, key) => {
    const groups = new Map();
    let index = 0;
    for (const item of items) {
      const k = key(item, index++);
      const group = groups.get(k);
      if (group) group.push(item);
      else groups.set(k, [item]);
    }
    return groups;
  };
  Object.defineProperty(Map, 'groupBy', { value: groupBy, configurable: true, writable: true });
}

if (typeof (Object as unknown as { groupBy?: unknown }).groupBy !== 'function') {
  const groupBy = <T>(items: Iterable<T>, key: (item: T, index: number) => PropertyKey) => {
    const groups: Record<PropertyKey, T[]> = Object.create(null);
    let index = 0;
    for (const item of items) (groups[key(item, index++)] ??= []).push(item);
    return groups;
  };
  Object.defineProperty(Object, 'groupBy', { value: groupBy, configurable: true, writable: true });
}
