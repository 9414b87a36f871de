import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type { ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { loadPortalConfig } from './server/config';
import { precompressDir } from './server/precompress';
import { LANDING_PAGES } from './server/page-html';
import { renderConfigScript } from './src/config/runtime-config-schema';
import { preactAliases } from './preact-aliases';

/** In `vite dev` / `vite preview` there is no portal server, so answer GET /config.js here the same way. */
function portalConfigScript(): Plugin {
  const send = (res: ServerResponse) => {
    res.setHeader('Content-Type', 'application/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.end(renderConfigScript(loadPortalConfig().runtime));
  };
  return {
    name: 'careers-portal-config-script',
    configureServer(server) {
      server.middlewares.use('/config.js', (_req, res) => send(res));
    },
    configurePreviewServer(server) {
      server.middlewares.use('/config.js', (_req, res) => send(res));
    },
  };
}

/** After `vite build`: .br and .gz copies of the text files, served by the portal server (preCompressed). */
function precompressBuild(): Plugin {
  let outDir = '';
  return {
    name: 'careers-portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // The server-rendering bundle (dist/.ssr) stays on the server; nothing of it is sent compressed.
      if (this.environment.config.build.ssr) return;
      const count = await precompressDir(outDir);
      this.info(`wrote .br and .gz copies of ${count} files`);
    },
  };
}

/** The modules that render a landing page, as Vite names them in the build (src/app/routes/apply.tsx…). */
const landingPageModules = new Set(
  LANDING_PAGES.flatMap((page) => page.modules.map((module) => resolve(import.meta.dirname, module))),
);

/**
 * V8's explicit compile hint (docs/decisions/0223): in the chunks a landing page runs as it starts (the
 * entry, the libraries, the page's own module), every function is called during the load, so the browser
 * compiles them all while the file streams in, off the main thread, instead of one by one when each is first
 * called during hydration.
 */
function compileHints(chunk: { name: string; isEntry: boolean; facadeModuleId: string | null }): string {
  const startsAPage =
    chunk.isEntry ||
    chunk.name === 'vendor' ||
    (chunk.facadeModuleId !== null && landingPageModules.has(chunk.facadeModuleId));
  return startsAPage ? '//# allFunctionsCalledOnLoad' : '';
}

/**
 * The modules of the dashboard's first paint that no landing page (apply, sign-in, sign-up, /careers, /jobs)
 * loads first: the layout, the home and applications pages and their feature, and small shared parts
 * (dialogs, pagination, badges, dates). Only these modules move (not what they import): a module here that a
 * landing page imported would bring the whole chunk into its first load (js-budget.test.ts holds the
 * ceilings and checks that none does); empty-state stays out, as /careers and /jobs show it. One application's
 * page (its messages, interview, record and consent, and their calls) is not the list's: it stays in chunks of its
 * own, loaded when that page is opened, or the list would start with their modules and what they import.
 */
const SIGNED_IN_MODULES =
  /[\\/]src[\\/](app[\\/]layouts[\\/]dashboard-layout|app[\\/]routes[\\/](home|applications)\.|features[\\/]applications[\\/](?!components[\\/](application-(page|messages|interview|record-section|consent)|interview-slot-picker)|api[\\/](messages|interviews|get-job-application\.))|components[\\/](confirm-dialog|pagination|badge|text-area)\.|lib[\\/](paging|address-proof|format)\.|lib[\\/]api[\\/]candidate[\\/]get-job-applications\.)/;

/**
 * Small modules shared by the landing pages and /applications, grouped by which of those first loads take
 * them, so each group is a chunk that adds no byte to a first load that did not already hold all of it
 * (docs/decisions/0466). Without the groups, rolldown made a chunk of a few hundred bytes for each set of
 * route modules that import a module (the other signed-in pages and the employer console count too): about
 * fifteen requests of /applications' first load, each a round trip on a phone. Pages outside these first
 * loads (terms, the employer console...) may load a few hundred bytes they do not use.
 */
const sharedModules = (paths: string[]) =>
  new RegExp(
    `[\\\\/](${paths.map((path) => path.replaceAll('/', '[\\\\/]').replaceAll('.', '\\.')).join('|')})\\.tsx?$`,
  );
/** In every landing page's first load and /applications'. */
const EVERY_PAGE_MODULES = sharedModules([
  'contracts/src/enum-values',
  'src/components/brand-mark',
  'src/components/page-title',
  'src/components/alert-banner',
  'src/components/button',
  'src/config/runtime-config',
  'src/config/runtime-config-schema',
]);
/** In the first loads of the pages with an account or a form that signs in (not /jobs'). */
const SESSION_MODULES = sharedModules([
  'src/lib/http-client',
  'src/lib/early-answers',
  'src/lib/session/sign-up-progress',
  'src/lib/query-keys',
]);
/** In the apply page's, the careers page's and /applications' first loads. */
const APPLY_AND_DASHBOARD_MODULES = sharedModules(['src/lib/session/sign-out', 'src/lib/api/candidate/get-cvs']);
/**
 * In /applications' first load and no landing page's: its startup and the list's smaller parts that other
 * pages load later (the apply page's CV preview takes the dialog and the file name with them: 1.7 KB).
 */
const DASHBOARD_PARTS_MODULES = sharedModules([
  'src/components/modal-dialog',
  'src/components/file-name',
  'contracts/src/fair-endings-words',
  'contracts/src/application-status',
  'src/lib/api/candidate/withdraw-application',
  'src/lib/api/candidate/get-candidate',
  // The list's reply and its one-story line (the close, the interview) take these; so do later pages.
  'src/components/action-result',
  'src/lib/interview-times',
]);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), portalConfigScript(), precompressBuild()],
  resolve: { alias: preactAliases },
  // The server bundle needs no copy of public/ (robots.txt, favicon): the client build has them.
  publicDir: isSsrBuild ? false : 'public',
  server: { port: 3000, strictPort: true },
  build: {
    target: 'es2022',
    // Maps are written for error tracking and bundle analysis, but the built files do not point to
    // them and the portal server does not serve them.
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: the portal server names a landing page's chunks in its index.html.
    manifest: !isSsrBuild,
    // The libraries every landing page runs in one chunk: the apply page's first load went from 24 requests
    // to 20 and 95.2 to 92.7 KB (one file compresses better), the sign-in pages' by under 0.5 KB (0217).
    // zod is not one of them: it is a chunk of its own, loaded later (0220).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            postBanner: compileHints,
            codeSplitting: {
              groups: [
                {
                  name: 'vendor',
                  // With the libraries, the contracts' identity constants every page's entry reads: one request
                  // fewer on every page (0466; the module imports nothing).
                  test: /node_modules[\\/](preact|react-router|@tanstack|react-hook-form)[\\/]|[\\/]contracts[\\/]src[\\/]identity-values\.ts$/,
                },
                // zod and react-hook-form's zod resolver load after the first load, with the first schema a
                // form or an API call needs (src/lib/zod-setup.ts, docs/decisions/0220).
                { name: 'zod', test: /node_modules[\\/](zod|@hookform[\\/]resolvers)[\\/]/ },
                // The dashboard's frame and its first page, with small modules only signed-in pages use, in one
                // chunk: /applications starts with 23 scripts instead of 31 (a phone fetches six at a time; 0363).
                { name: 'signed-in', test: SIGNED_IN_MODULES, includeDependenciesRecursively: false },
                // Fewer, larger shared chunks, each taken only by first loads that held all of it (0466).
                { name: 'shell', test: EVERY_PAGE_MODULES, includeDependenciesRecursively: false },
                { name: 'session', test: SESSION_MODULES, includeDependenciesRecursively: false },
                { name: 'apply-shared', test: APPLY_AND_DASHBOARD_MODULES, includeDependenciesRecursively: false },
                { name: 'signed-in-parts', test: DASHBOARD_PARTS_MODULES, includeDependenciesRecursively: false },
              ],
            },
          },
        },
  },
}));
