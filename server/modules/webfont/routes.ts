import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TEXT_FACE, WEBFONT_WEIGHTS, webfontFile, type WebfontWeight } from '../../../contract/webfont';
import type { AppContext } from '../../context';
import { binary } from '../../http/reply';

/**
 * A new cut reaches a browser within the hour; before that, a word it lacks draws from the device's fonts. The
 * service worker keeps the face for offline use.
 */
const CACHE = 'public, max-age=3600';

const FILES = new Map(WEBFONT_WEIGHTS.map((weight) => [webfontFile(TEXT_FACE, weight), weight] as const));
const fontParamsSchema = z.object({
  file: z.enum([...FILES.keys()] as [string, ...string[]], { error: 'No such font' }).transform((file) => FILES.get(file) as WebfontWeight),
});

/** `GET /fonts/{file}`: the shop's Bangla face at a weight, cut for the words the shop shows. */
export function webfontRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/fonts/:file',
      {
        schema: {
          tags: ['fonts'],
          summary: "The shop's Bangla webfont face at a weight: the glyphs of the words the shop shows",
          params: fontParamsSchema,
          response: {
            200: { description: 'The face', content: { 'font/woff2': { schema: binary } } },
            304: z.null().describe('The face the browser holds (its ETag) is the latest'),
          },
        },
      },
      async (request, reply) => {
        const face = await ctx.webfont.face(request.params.file);
        reply.header('Cache-Control', CACHE).header('ETag', face.etag);
        if (request.headers['if-none-match'] === face.etag) return reply.status(304).send(null);
        return reply.type('font/woff2').send(face.woff2);
      },
    );
  };
}
