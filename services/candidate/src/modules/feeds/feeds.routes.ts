import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { sql } from 'kysely';
import { z } from 'zod';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { HttpProblem } from '@careers/server-kit/problem';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordCrawlerFetch } from '../crawlers/crawlers.service';
import {
  FEED_BOARDS,
  feedValidators,
  indeedXml,
  jsonFeed,
  notModified,
  openJobPages,
  type FeedBoard,
  type FeedScope,
} from './feeds.service';

const tags = ['Feeds'];
const PRODUCT = 'Careers Portal';
/** Every answer is checked again (a 304 costs one small query): a closed job is gone from the next read. */
const CACHE_CONTROL = 'public, no-cache';

const boardQuery = z.object({
  board: z.enum(FEED_BOARDS).default('indeed').describe("The board the jobs' links are tagged for (utm_source)"),
});

/**
 * The feeds machines read (docs/decisions/0381), answered on the portal's address: nginx sends /feeds/* and
 * /careers/{slug}/jobs.xml straight here (deploy/nginx), and the portal's own server passes them on when it
 * is reached directly. Streamed, with ETag and Last-Modified; a matching conditional request answers 304.
 */
export async function feedRoutes(app: App) {
  const db = () => app.deps.database.db;
  const now = () => new Date(app.deps.jobAlerts.now());
  const links = () => ({
    portalUrl: app.config.portalUrl.replace(/\/+$/, ''),
    defaultCountry: app.config.feeds.defaultCountry,
  });

  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: FeedScope,
    variant: string,
    contentType: string,
    body: (lastBuildDate: Date) => AsyncGenerator<string>,
  ) {
    const at = now();
    recordCrawlerFetch(app, request, scope.kind === 'all' ? `feed:${variant}` : `feed:business:${scope.businessId}`);
    const validators = await feedValidators(db(), scope, variant, at);
    reply
      .header('etag', validators.etag)
      .header('last-modified', validators.lastModified.toUTCString())
      .header('cache-control', CACHE_CONTROL)
      .header('vary', 'Accept-Encoding');
    if (notModified(request.headers, validators)) return reply.code(304).send();
    reply.type(contentType);
    if (request.method === 'HEAD') return reply.send();
    const stream = Readable.from(body(at), { objectMode: false });
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      reply.header('content-encoding', 'gzip');
      return reply.send(stream.pipe(createGzip()));
    }
    return reply.send(stream);
  }

  app.get(
    '/feeds/jobs.xml',
    {
      schema: {
        tags,
        summary: 'Every open job of the install, in the Indeed XML feed format',
        description:
          "Each job's url is its apply page tagged with utm_source={board}. Streamed; ETag and Last-Modified, 304 on " +
          'If-None-Match / If-Modified-Since.',
        querystring: boardQuery,
        produces: ['application/xml'],
      },
    },
    async (request, reply) => {
      const board = request.query.board as FeedBoard;
      const scope: FeedScope = { kind: 'all' };
      return answer(request, reply, scope, `xml:${board}`, 'application/xml; charset=utf-8', (lastBuildDate) =>
        indeedXml(openJobPages(db(), scope, now()), { title: PRODUCT, links: links(), board, lastBuildDate }),
      );
    },
  );

  app.get(
    '/feeds/jobs.json',
    {
      schema: {
        tags,
        summary: 'Every open job of the install as a JSON Feed 1.1',
        produces: ['application/feed+json'],
      },
    },
    async (request, reply) => {
      const scope: FeedScope = { kind: 'all' };
      return answer(request, reply, scope, 'json', 'application/feed+json; charset=utf-8', () =>
        jsonFeed(openJobPages(db(), scope, now()), {
          title: `Jobs on the ${PRODUCT}`,
          links: links(),
          feedUrl: `${links().portalUrl}/feeds/jobs.json`,
        }),
      );
    },
  );

  app.get(
    '/careers/:slug/jobs.xml',
    {
      schema: {
        tags,
        summary: "One business's open jobs in the Indeed XML feed format",
        description: 'A former slug answers 301 to the current one; an unknown one 404.',
        params: z.object({ slug: z.string().min(1).max(100) }),
        querystring: boardQuery,
        produces: ['application/xml'],
        response: { 404: problemDetailsSchema },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const board = request.query.board as FeedBoard;
      const current = await sql<{ id: string; name: string; slug: string }>`
        select id, name, slug from businesses where slug = ${slug}`.execute(db());
      const business = current.rows[0];
      if (!business) {
        const former = await sql<{ slug: string }>`
          select b.slug from business_slug_history h join businesses b on b.id = h.business_id where h.slug = ${slug}`.execute(
          db(),
        );
        const moved = former.rows[0];
        if (!moved) throw new HttpProblem(404, 'There is no careers page at this address.');
        const query = request.query.board === 'indeed' ? '' : `?board=${board}`;
        return reply.redirect(`${links().portalUrl}/careers/${encodeURIComponent(moved.slug)}/jobs.xml${query}`, 301);
      }
      const scope: FeedScope = { kind: 'business', businessId: business.id, slug: business.slug, name: business.name };
      return answer(request, reply, scope, `xml:${board}`, 'application/xml; charset=utf-8', (lastBuildDate) =>
        indeedXml(openJobPages(db(), scope, now()), {
          title: `${business.name} via the ${PRODUCT}`,
          links: links(),
          board,
          lastBuildDate,
        }),
      );
    },
  );
}
