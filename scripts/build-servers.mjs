/**
 * Compiles each server to one JavaScript file that production runs with plain `node`: no TypeScript
 * loader at run time (it cost start time and memory). esbuild bundles our own TypeScript (the server
 * and the @careers/* workspace packages, which export .ts); every npm package stays an import, resolved
 * from node_modules as before. Each bundle sits one folder below its workspace, so the paths the code
 * derives from import.meta.url (migrations/, the portal's dist/) stay the same.
 *
 * The operator's scripts that systemd runs (migrations, backup, restore) are compiled the same way: a
 * production install (`npm prune --omit=dev` after the build) has no TypeScript loader. Each service's
 * migrate.js is fixed to that service, whose migrations/ folder it finds one level up.
 *
 *   node scripts/build-servers.mjs [identity|candidate|portal|launcher|operations ...]   (default: all)
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { compileEarlyRequestsScript, compilePreHydrationScript } from '../apps/web/server/pre-hydration-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const SERVERS = {
  identity: {
    outdir: 'services/identity/dist',
    entries: { server: 'services/identity/src/server.ts', migrate: 'scripts/db-migrate.ts' },
    define: { __MIGRATE_PART__: '"identity"' },
  },
  candidate: {
    outdir: 'services/candidate/dist',
    // CV text extraction runs in a capped child process that runs its own file beside the server's.
    entries: {
      server: 'services/candidate/src/server.ts',
      'cv-extraction.child': 'services/candidate/src/modules/cvs/cv-extraction.child.ts',
      migrate: 'scripts/db-migrate.ts',
      // The operator's "send today's employer digests now" (docs/operations.md).
      'employer-digest': 'scripts/employer-digest.ts',
    },
    define: { __MIGRATE_PART__: '"candidate"' },
  },
  portal: {
    outdir: 'apps/web/server-dist',
    entries: { server: 'apps/web/server/server.ts' },
    // A server-rendered page's inline script, compiled here: production has no esbuild to compile it at start.
    define: {
      __PRE_HYDRATION_SCRIPT__: JSON.stringify(compilePreHydrationScript()),
      __EARLY_REQUESTS_SCRIPT__: JSON.stringify(compileEarlyRequestsScript()),
    },
  },
  // `npm start`'s launcher: it stays up beside the parts, so it runs compiled too.
  launcher: { outdir: 'dist', entries: { start: 'scripts/start.ts' } },
  // The nightly backup unit and the restore drill (docs/operations.md).
  operations: { outdir: 'dist', entries: { backup: 'scripts/backup.ts', restore: 'scripts/restore.ts' } },
};

/** npm packages stay external; our own workspace packages are TypeScript and go into the bundle. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@careers/') ? undefined : { path: args.path, external: true },
    );
  },
};

const names = process.argv.slice(2);
for (const name of names)
  if (!(name in SERVERS)) throw new Error(`unknown server ${name}; one of ${Object.keys(SERVERS).join(', ')}`);
const started = Date.now();
await Promise.all(
  (names.length ? names : Object.keys(SERVERS)).map(async (name) => {
    const result = await build({
      absWorkingDir: root,
      entryPoints: SERVERS[name].entries,
      outdir: SERVERS[name].outdir,
      define: SERVERS[name].define ?? {},
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
      write: false,
    });
    // Several suites build at once (the load test, `npm start`'s test) while others start the result:
    // each file appears whole, by rename, never half-written.
    await Promise.all(
      result.outputFiles.map(async (file) => {
        await mkdir(path.dirname(file.path), { recursive: true });
        const temporary = `${file.path}.${process.pid}.tmp`;
        await writeFile(temporary, file.contents);
        await rename(temporary, file.path);
      }),
    );
  }),
);
console.log(`servers compiled in ${Date.now() - started} ms`);
