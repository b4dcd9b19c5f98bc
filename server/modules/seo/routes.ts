import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import { robotsTxt, sitemap, sitemapPage } from './service';

/** Crawlers read these often; an hour old is new enough. */
const CACHE = 'public, max-age=3600';

const sitemapFileSchema = z.object({
  file: z
    .string()
    .regex(/^[1-9]\d{0,4}\.xml$/, 'No such sitemap')
    .transform((file) => Number.parseInt(file, 10)),
});

/** `/robots.txt`, `/sitemap.xml` and, for a catalogue past 50,000 pages, `/sitemaps/{n}.xml`. */
export function seoRoutes(ctx: AppContext): FastifyPluginAsync {
  const origin = new URL(ctx.config.publicUrl).origin;
  return async (app) => {
    app.get('/robots.txt', async (_request, reply) => reply.header('Cache-Control', CACHE).type('text/plain; charset=utf-8').send(robotsTxt(origin)));
    app.get('/sitemap.xml', async (_request, reply) =>
      reply
        .header('Cache-Control', CACHE)
        .type('application/xml; charset=utf-8')
        .send(await sitemap(ctx.db, origin)),
    );
    app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
      const { file: page } = parse(sitemapFileSchema, request.params);
      const xml = await sitemapPage(ctx.db, origin, page);
      if (xml === null) throw notFound('No such sitemap');
      return reply.header('Cache-Control', CACHE).type('application/xml; charset=utf-8').send(xml);
    });
  };
}
