// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { LANDING_PAGE_MODULES, preloadLinks, withPreloadLinks, type Manifest } from './route-preload';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_http-1.js': { file: 'assets/http-1.js', imports: ['_react-1.js'] },
  'src/app/routes/apply.tsx': {
    file: 'assets/apply-1.js',
    imports: ['index.html', '_react-1.js', '_http-1.js'],
    css: ['assets/apply-1.css'],
  },
  'src/app/layouts/auth-layout.tsx': {
    file: 'assets/auth-layout-1.js',
    imports: ['index.html'],
    css: ['assets/auth-layout-1.css'],
  },
  'src/app/routes/login.tsx': { file: 'assets/login-1.js', imports: ['index.html', '_http-1.js'] },
};

describe('landing page preloads', () => {
  it("names the apply page's chunks and stylesheet, not what index.html already loads", () => {
    const links = preloadLinks(manifest, '/apply/42');
    expect(links).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/apply-1.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/apply-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/http-1.js">',
    );
  });

  it('names the auth layout and the page for login, once each', () => {
    const links = preloadLinks(manifest, '/account/login');
    expect(links.match(/http-1\.js/g)).toHaveLength(1);
    expect(links).toContain('auth-layout-1.js');
    expect(links).toContain('login-1.js');
  });

  it('adds nothing to other pages or without a manifest', () => {
    expect(preloadLinks(manifest, '/cvs')).toBe('');
    expect(preloadLinks(null, '/apply/42')).toBe('');
    expect(withPreloadLinks('<head></head>', '')).toBe('<head></head>');
    expect(withPreloadLinks('<head><title>x</title></head>', '<link>')).toBe('<head><title>x</title><link></head>');
  });

  it('names modules that the router really loads', async () => {
    const router = await readFile(fileURLToPath(new URL('../src/app/router.tsx', import.meta.url)), 'utf8');
    for (const module of LANDING_PAGE_MODULES.flatMap((entry) => entry.modules)) {
      expect(router).toContain(`import('./${module.replace(/^src\/app\//, '').replace(/\.tsx$/, '')}')`);
    }
  });
});
