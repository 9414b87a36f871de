import { resolve } from 'node:path';

/**
 * React's modules as Preact's compatibility layer (docs/decisions/0062): the same components at a
 * sixth of React DOM's weight. The browser build, the server-rendering bundle and the unit tests
 * (vitest.config.ts) all resolve React through these, so the tests run the renderer candidates get.
 */
export const preactAliases = [
  { find: /^react$/, replacement: resolve(import.meta.dirname, 'src/preact/react.mjs') },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];
