import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * A server-rendered page's inline script (src/first-paint/pre-hydration.ts) compiled to one self-contained
 * statement: bundled, minified, for the browsers the build targets. scripts/build-servers.mjs writes it into
 * the compiled server; run from its TypeScript (tests, a development server) the server compiles it itself.
 * esbuild is loaded only here: a production install has no build tools.
 */
export function compilePreHydrationScript() {
  return compileInlineScript('pre-hydration.ts');
}

/** The signed-in dashboard's inline script (src/first-paint/early-requests.ts, docs/decisions/0466), compiled the same way. */
export function compileEarlyRequestsScript() {
  return compileInlineScript('early-requests.ts');
}

function compileInlineScript(file) {
  const { buildSync } = createRequire(import.meta.url)('esbuild');
  const result = buildSync({
    entryPoints: [fileURLToPath(new URL(`../src/first-paint/${file}`, import.meta.url))],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text.trim();
}
