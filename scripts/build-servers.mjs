/**
 * Compiles each server to one JavaScript file that production runs with plain `node`: no TypeScript
 * loader at run time (it cost start time and memory). esbuild bundles our own TypeScript (the server
 * and the @careers/* workspace packages, which export .ts); every npm package stays an import, resolved
 * from node_modules as before. Each bundle sits one folder below its workspace, so the paths the code
 * derives from import.meta.url (migrations/, the portal's dist/) stay the same.
 *
 *   node scripts/build-servers.mjs [identity|candidate|portal|launcher ...]   (default: all)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const SERVERS = {
  identity: { entry: 'services/identity/src/server.ts', outfile: 'services/identity/dist/server.js' },
  candidate: { entry: 'services/candidate/src/server.ts', outfile: 'services/candidate/dist/server.js' },
  portal: { entry: 'apps/web/server/server.ts', outfile: 'apps/web/server-dist/server.js' },
  // `npm start`'s launcher: it stays up beside the parts, so it runs compiled too.
  launcher: { entry: 'scripts/start.ts', outfile: 'dist/start.js' },
};

/** npm packages stay external; our own workspace packages are TypeScript and go into the bundle. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@careers/') ? undefined : { path: args.path, external: true }));
  },
};

const names = process.argv.slice(2);
for (const name of names) if (!(name in SERVERS)) throw new Error(`unknown server ${name}; one of ${Object.keys(SERVERS).join(', ')}`);
const started = Date.now();
await Promise.all(
  (names.length ? names : Object.keys(SERVERS)).map((name) =>
    build({
      absWorkingDir: root,
      entryPoints: [SERVERS[name].entry],
      outfile: SERVERS[name].outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // A server that renders React pages may import components; their style sheets are the browser's business.
      jsx: 'automatic',
      loader: { '.css': 'empty' },
      // Stack traces name the TypeScript lines (node --enable-source-maps).
      sourcemap: 'linked',
      logLevel: 'warning',
      plugins: [npmPackagesExternal],
    }),
  ),
);
console.log(`servers compiled in ${Date.now() - started} ms`);
