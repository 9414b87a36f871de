import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { readFile, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadPortalConfig, type PortalServerConfig } from './config';
import { feedsProxy } from './feeds-proxy';
import { contentSecurityPolicy, securityHeaders } from './security-headers';
import { chooseEncoding, compressHtml, worthCompressing } from './compress-html';
import { portalLoggerOptions } from './request-log';
import { serveMetrics } from '@careers/server-kit/metrics';
import { renderConfigScript } from '../src/config/runtime-config-schema';
import { isPortalRoute } from '../src/app/paths';
import {
  createStylesheetInliner,
  isPreloadedSignedInPage,
  preconnectLinks,
  preloadLinks,
  SCREENING_QUESTIONS_PART,
  readManifest,
  scriptsAfterFirstPaint,
  startsOnUse,
  signedInStartScript,
  withPreloadLinks,
  type Manifest,
} from './page-html';
import {
  canonicalApplyUrl,
  composeApplyPage,
  createJobSource,
  loadBuiltRenderer,
  type ApplyPageRenderer,
  type JobSourceOptions,
} from './apply-page';
import {
  careersPageUrl,
  composeCareersPage,
  composeJobSearchPage,
  createCareersSources,
  sitemapXml,
} from './careers-pages';
import type { ServerRenderedPage } from '../src/first-paint/server-rendered-page';
import { isFiltered, jobSearchQuery, readJobSearch } from '../src/features/careers/job-search-query';
import { careersPath } from '../src/lib/paths';
import { businessLogoUrl } from '../src/features/apply/utils/logo-url';
import { createCrawlerReporter } from './crawler-fetches';
import { serveIndexNowKey } from './indexnow-key';
import { jobFacts } from '../src/features/apply/utils/job-facts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

export interface PortalServerOptions {
  logger?: boolean;
  logStream?: NodeJS.WritableStream;
  /** Renders apply pages; by default the build's own (dist/.ssr), null for none. Tests pass the source's. */
  renderApplyPage?: ApplyPageRenderer | null;
  /** How the server reads jobs for apply pages (tests point it at a fake candidate service). */
  jobSource?: Partial<JobSourceOptions>;
}

/** The portal's own small server: the built SPA, server-rendered apply pages, /config.js, robots.txt and /healthz. */
export async function buildPortalServer(
  config: PortalServerConfig,
  options: PortalServerOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ? portalLoggerOptions(options.logStream, config.log) : false });
  const assetsDir = join(config.distDir, 'assets') + sep;
  const readBuild = await buildReader(config.distDir, options.renderApplyPage);
  const findJob = createJobSource({ candidateBaseUrl: config.runtime.candidateBaseUrl, ...options.jobSource });
  const reportCrawlerFetch = createCrawlerReporter({
    candidateBaseUrl: config.crawlerReport?.candidateUrl ?? config.runtime.candidateBaseUrl,
    token: config.crawlerReport?.token,
    tokenFile: config.crawlerReport?.tokenFile,
    onNoCredential: () =>
      app.log.warn('CRAWLER_REPORT_TOKEN is not set: crawlers’ fetches of apply pages are not reported'),
    fetch: options.jobSource?.fetch,
  });
  const careersSources = createCareersSources({
    candidateBaseUrl: config.runtime.candidateBaseUrl,
    ...options.jobSource,
  });
  const inlineStylesheets = createStylesheetInliner(config.distDir);
  const configScript = renderConfigScript(config.runtime);
  const headers = securityHeaders(config.runtime);

  const { 'content-security-policy': defaultCsp, ...otherHeaders } = headers;
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(otherHeaders);
    // A page with its own inline script has set a policy that names it.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', defaultCsp);
    // Pages made per request (index.html with its preloads, a server-rendered apply page) go compressed.
    if (typeof payload !== 'string' || !String(reply.getHeader('content-type')).startsWith('text/html')) return payload;
    reply.header('vary', 'Accept-Encoding');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding || !worthCompressing(payload)) return payload;
    reply.header('content-encoding', encoding).removeHeader('content-length');
    return compressHtml(payload, encoding);
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  // IndexNow's key file (docs/decisions/0561): how search engines know the pings about this portal are its own.
  serveIndexNowKey(app, config.indexNow ?? {});
  // The job feeds (docs/decisions/0381): written by the candidate service, streamed through.
  await app.register(feedsProxy, { candidateBaseUrl: config.runtime.candidateBaseUrl });
  // Request rate, latency and errors per route, for operators only (docs/decisions/0072, 0095).
  serveMetrics(app, config.metricsToken, config.trustProxy);

  app.get('/config.js', async (_request, reply) => {
    reply.header('cache-control', NO_CACHE).type('application/javascript; charset=utf-8');
    return configScript;
  });

  const sendIndex = async (reply: FastifyReply, status: number, pathname: string) => {
    const build = await readBuild();
    const links =
      preconnectLinks([config.runtime.candidateBaseUrl, config.runtime.identityBaseUrl], config.portalUrl, pathname) +
      preloadLinks(build.manifest, pathname);
    const html = withPreloadLinks(build.indexHtml, links);
    if (status === 200 && isPreloadedSignedInPage(pathname)) {
      // /applications (docs/decisions/0466): its stylesheets in the page and its data asked for by its HTML.
      const page = signedInStartScript(await inlineStylesheets(html), configScript);
      if (page.scriptHash)
        reply.header('content-security-policy', contentSecurityPolicy(config.runtime, [page.scriptHash]));
      return reply.code(status).header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(page.html);
    }
    return reply.code(status).header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(html);
  };

  /**
   * A server-rendered page through the one first-paint seam (page-html.ts, docs/decisions/0311): the route
   * table rendered with the page's data, its preloads and inlined stylesheets, its head (`compose`), and its
   * scripts after the first paint with their hash in the CSP. A render error falls back to index.html.
   */
  const sendServerPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    options: {
      page: ServerRenderedPage;
      status: number;
      compose: (indexHtml: string, body: string) => string;
      /** Modules in chunks of their own that this page renders (their stylesheets join its first paint). */
      renderedParts?: string[];
    },
  ) => {
    const pathname = request.url.split('?')[0] ?? request.url;
    const build = await readBuild();
    if (!build.renderApplyPage) return sendIndex(reply, 200, pathname);
    let body: string;
    try {
      body = await build.renderApplyPage(`${config.portalUrl}${request.url}`, options.page);
    } catch (error) {
      request.log.error({ err: error }, 'server rendering of a page failed');
      return sendIndex(reply, 200, pathname);
    }
    const indexHtml = await inlineStylesheets(
      withPreloadLinks(build.indexHtml, preloadLinks(build.manifest, pathname, options.renderedParts)),
    );
    const { html, scriptHash } = scriptsAfterFirstPaint(options.compose(indexHtml, body), configScript, {
      onUse: startsOnUse(pathname),
    });
    if (scriptHash) reply.header('content-security-policy', contentSecurityPolicy(config.runtime, [scriptHash]));
    return reply.code(options.status).header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(html);
  };

  // docs/decisions/0061: the apply page's first paint comes from the server. Whenever the job cannot be
  // read in time or rendering fails, the page is the plain index.html and renders in the browser.
  app.get<{ Params: { jobId: string } }>('/apply/:jobId', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? request.url;
    if (!(await readBuild()).renderApplyPage) return sendIndex(reply, 200, pathname);
    const { jobId } = request.params;
    const lookup = await findJob(jobId);
    if (lookup.kind === 'unavailable') return sendIndex(reply, 200, pathname);
    const job = lookup.kind === 'found' ? lookup.job : null;
    if (job) reportCrawlerFetch(request.headers['user-agent'], jobId);
    const logoUrl = job ? businessLogoUrl(config.runtime.blobBaseUrl, job.imageRelativeDirectory) : null;
    // The job's facts in words (0171), so the browser hydrates them without loading their code first.
    const page = { jobId, job, logoUrl, facts: job ? jobFacts(job) : [] };
    const pageUrl = canonicalApplyUrl(config.portalUrl, jobId);
    // SPEC's 'Error in fetching the job.' page, with the status crawlers and link checkers understand.
    return sendServerPage(request, reply, {
      page,
      status: job ? 200 : 404,
      // A live job's questions are rendered with the form; unstyled they shifted the page as their chunk came.
      renderedParts: job?.isLive && job.screeningQuestions?.length ? [SCREENING_QUESTIONS_PART] : [],
      compose: (indexHtml, body) =>
        composeApplyPage(indexHtml, {
          page,
          body,
          pageUrl,
          logoUrl,
          jobCountry: config.jobCountry,
          careersUrl: job?.businessSlug ? careersPageUrl(config.portalUrl, job.businessSlug) : undefined,
        }),
    });
  });

  // A business's careers page (docs/decisions/0370): a former slug answers 301 to the current one.
  app.get<{ Params: { slug: string } }>('/careers/:slug', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? request.url;
    if (!(await readBuild()).renderApplyPage) return sendIndex(reply, 200, pathname);
    const lookup = await careersSources.careersPage(request.params.slug);
    if (lookup.kind === 'unavailable') {
      request.log.warn('the careers page was not read in time: rendered by the browser');
      return sendIndex(reply, 200, pathname);
    }
    if (lookup.kind === 'missing') return sendIndex(reply, 404, pathname);
    const { business } = lookup.value;
    if (business.slug !== request.params.slug) {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply
        .code(301)
        .header('cache-control', NO_CACHE)
        .redirect(`${careersPath(business.slug)}${query}`, 301);
    }
    const page = {
      kind: 'careers' as const,
      slug: business.slug,
      page: lookup.value,
      logoUrl: businessLogoUrl(config.runtime.blobBaseUrl, business.imageRelativeDirectory),
    };
    return sendServerPage(request, reply, {
      page,
      status: 200,
      compose: (indexHtml, body) => composeCareersPage(indexHtml, { page, body, portalUrl: config.portalUrl }),
    });
  });

  // Every open job (docs/decisions/0372): the search is the URL query, read as the page reads it.
  app.get('/jobs', async (request, reply) => {
    if (!(await readBuild()).renderApplyPage) return sendIndex(reply, 200, '/jobs');
    const params = readJobSearch(request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '');
    const search = jobSearchQuery(params);
    const lookup = await careersSources.searchJobs(search);
    if (lookup.kind !== 'found') {
      request.log.warn('the job search was not read in time: rendered by the browser');
      return sendIndex(reply, 200, '/jobs');
    }
    const page = { kind: 'jobs' as const, search, result: lookup.value };
    return sendServerPage(request, reply, {
      page,
      status: 200,
      compose: (indexHtml, body) =>
        composeJobSearchPage(indexHtml, {
          page,
          body,
          portalUrl: config.portalUrl,
          keywords: params.q,
          filtered: isFiltered(params),
        }),
    });
  });

  // Every open job's apply page and every careers page (docs/decisions/0371), named by robots.txt.
  app.get('/sitemap.xml', async (_request, reply) => {
    const lookup = await careersSources.sitemapEntries();
    if (lookup.kind !== 'found') return reply.code(503).header('retry-after', '60').send();
    return reply
      .header('cache-control', 'public, max-age=10')
      .type('application/xml; charset=utf-8')
      .send(sitemapXml(config.portalUrl, lookup.value));
  });

  // robots.txt from the build, with the sitemap's absolute address (the protocol wants a full URL).
  app.get('/robots.txt', async (_request, reply) => {
    const robots = await readFile(join(config.distDir, 'robots.txt'), 'utf8').catch(() => 'User-agent: *\nAllow: /\n');
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(`${robots.trimEnd()}\n\nSitemap: ${config.portalUrl}/sitemap.xml\n`);
  });

  // The static plugin refuses directory paths, so the home page is answered here.
  app.get('/', (_request, reply) => sendIndex(reply, 200, '/'));

  await app.register(fastifyStatic, {
    root: config.distDir,
    index: false,
    wildcard: true,
    // dist holds .br/.gz copies written at build (vite.config.ts); adds Vary: Accept-Encoding.
    preCompressed: true,
    // Source maps and the build manifest (dist/.vite) stay on the server; visitors get 404.
    allowedPath: (pathName) =>
      !pathName.endsWith('.map') && !pathName.split('/').some((segment) => segment.startsWith('.')),
    cacheControl: false,
    setHeaders(res, filePath) {
      // filePath may be a compressed copy (x.js.br); its caching is that of x.js.
      const logicalPath = filePath.replace(/\.(?:br|gz)$/, '');
      if (logicalPath.startsWith(assetsDir)) res.header('cache-control', IMMUTABLE);
      else if (logicalPath.endsWith('.html')) res.header('cache-control', NO_CACHE);
      else res.header('cache-control', 'public, max-age=3600');
    },
  });

  // SPA fallback: every page is index.html; a path that matches no route gets 404 so crawlers and
  // monitors see it, while the browser still renders the not-found page.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/assets/');
    if (!isPageRequest) {
      return reply
        .code(404)
        .send({ statusCode: 404, error: 'Not Found', message: `Route ${request.method}:${pathname} not found` });
    }
    return sendIndex(reply, isPortalRoute(pathname) ? 200 : 404, pathname);
  });

  return app;
}

/**
 * index.html (and the manifest that names each page's chunks) describe the build's hashed assets, so
 * they must follow a rebuild of dist: both are read again when index.html's modification time or size
 * changes (one stat per page request). While a build has removed it, the last good copy is served.
 */
export async function buildReader(
  distDir: string,
  renderer?: ApplyPageRenderer | null,
): Promise<() => Promise<{ indexHtml: string; manifest: Manifest | null; renderApplyPage: ApplyPageRenderer | null }>> {
  const file = join(distDir, 'index.html');
  const versionOf = async () => {
    const info = await stat(file);
    return `${info.mtimeMs}:${info.size}`;
  };
  const load = async (version: string) => ({
    indexHtml: await readFile(file, 'utf8'),
    manifest: await readManifest(distDir),
    renderApplyPage: renderer === undefined ? await loadBuiltRenderer(distDir, version) : renderer,
  });
  // Stat before reading: a change in between is seen as a new version by the next request.
  let version = await versionOf();
  let build = await load(version);
  return async () => {
    try {
      const current = await versionOf();
      if (current !== version) {
        version = current;
        build = await load(current);
      }
    } catch {
      // Mid-build, index.html can be missing for a moment: keep the previous page.
    }
    return build;
  };
}

async function main() {
  const config = loadPortalConfig();
  const app = await buildPortalServer(config, { logger: true });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Careers Portal on http://${config.host}:${config.port} (identity ${config.runtime.identityBaseUrl}, candidate ${config.runtime.candidateBaseUrl})`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
