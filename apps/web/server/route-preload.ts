import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The part of Vite's build manifest (build.manifest) that names each module's chunk and what it imports. */
export type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/**
 * The lazily loaded modules (src/app/router.tsx) that render each public landing page. The browser only
 * learns of them after the main chunk has run; named in index.html they download alongside it, which
 * takes a round trip off the first paint of the pages candidates arrive on from job boards and e-mails.
 */
export const LANDING_PAGE_MODULES: { pattern: RegExp; modules: string[] }[] = [
  { pattern: /^\/apply\/[^/]+\/?$/, modules: ['src/app/routes/apply.tsx'] },
  { pattern: /^\/account\/login\/?$/, modules: ['src/app/layouts/auth-layout.tsx', 'src/app/routes/login.tsx'] },
  { pattern: /^\/account\/signup\/?$/, modules: ['src/app/layouts/auth-layout.tsx', 'src/app/routes/signup.tsx'] },
  {
    pattern: /^\/account\/reset\/[^/]+\/.+$/,
    modules: ['src/app/layouts/auth-layout.tsx', 'src/app/routes/perform-password-reset.tsx'],
  },
  {
    pattern: /^\/confirm\/[^/]+\/.+$/,
    modules: ['src/app/layouts/auth-layout.tsx', 'src/app/routes/confirm-email.tsx'],
  },
];

/** Reads dist/.vite/manifest.json; without one (an old or hand-made build) nothing is preloaded. */
export async function readManifest(distDir: string): Promise<Manifest | null> {
  try {
    return JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** `<link>` tags for the chunks and stylesheets a landing page needs beyond the main entry ('' elsewhere). */
export function preloadLinks(manifest: Manifest | null, pathname: string): string {
  const route = LANDING_PAGE_MODULES.find((entry) => entry.pattern.test(pathname));
  if (!manifest || !route) return '';
  // What index.html already loads (the entry and its static imports) is not named again.
  const loaded = new Set<string>();
  const markLoaded = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || loaded.has(chunk.file)) return;
    loaded.add(chunk.file);
    chunk.css?.forEach((file) => loaded.add(file));
    chunk.imports?.forEach(markLoaded);
  };
  Object.keys(manifest)
    .filter((key) => manifest[key]?.isEntry)
    .forEach(markLoaded);

  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || loaded.has(chunk.file) || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  route.modules.forEach(visit);
  return [
    ...[...styles]
      .filter((file) => !loaded.has(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}

/** index.html with the landing page's links added at the end of its head. */
export function withPreloadLinks(indexHtml: string, links: string): string {
  return links ? indexHtml.replace('</head>', () => `${links}</head>`) : indexHtml;
}
