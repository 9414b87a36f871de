import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { landingPageModules, type Manifest } from './page-html';

/**
 * The scripts a landing page runs before it is interactive: the entry chunk and, for the page's route
 * modules, every chunk they import statically. Chunks imported with import() (bot check, CV preview,
 * signed-in pages, toasts) load later and are not counted.
 */
export function initialScripts(manifest: Manifest, pathname: string): string[] {
  return scriptsWithEntry(manifest, landingPageModules(pathname) ?? []);
}

/** The entry chunk and these modules' chunks, with every chunk they import statically. */
export function scriptsWithEntry(manifest: Manifest, modules: readonly string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  Object.keys(manifest)
    .filter((key) => manifest[key]?.isEntry)
    .forEach(visit);
  modules.forEach(visit);
  return [...files];
}

/** Gzip (level 9, as the build's .gz copies) bytes of a page's initial scripts in a build folder. */
export async function initialScriptBytes(distDir: string, manifest: Manifest, pathname: string): Promise<number> {
  const sizes = await Promise.all(
    initialScripts(manifest, pathname).map(
      async (file) => gzipSync(await readFile(join(distDir, file)), { level: 9 }).length,
    ),
  );
  return sizes.reduce((total, size) => total + size, 0);
}
