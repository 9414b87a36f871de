import { build } from 'vite';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { SSR_ENTRY } from './apply-page';

/**
 * `npm run build`: the browser build, then the server-rendering bundle into its .ssr folder (docs/decisions/0061).
 * Takes Vite's `--outDir` and `--emptyOutDir` so that a private build (e2e's PORTAL_DIST_DIR) holds both.
 */
const { values } = parseArgs({ options: { outDir: { type: 'string' }, emptyOutDir: { type: 'boolean' } } });
const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = resolve(values.outDir ?? join(root, 'dist'));

await build({ root, build: { outDir, emptyOutDir: values.emptyOutDir ?? true } });
// Self-contained (noExternal): a private build outside the repository has no node_modules to import from.
// Production React whatever NODE_ENV the server runs with, as the browser build has.
// One file: the server imports it with a version query to pick up a rebuild, and a chunk that imported
// the entry back without that query would load a second React Router whose context the first never set.
await build({
  root,
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: join(outDir, SSR_ENTRY, '..'),
    emptyOutDir: true,
    rollupOptions: { output: { inlineDynamicImports: true } },
  },
});
