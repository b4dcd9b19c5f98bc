import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaQuerySchema, SHARE_IMAGE } from '../../../contract/catalogue';
import { text } from '../../../contract/text';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { binary } from '../../http/reply';
import { CONTENT_TYPE, MEDIA_FILE_PATTERN, snapWidth, variantFormat } from './service';

/** A file's name is the hash of its content, so whatever is served under it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Any name is looked up; one that is not a stored file's answers 404. */
const mediaParamsSchema = z.object({ file: text().max(100, 'Image not found') });

/**
 * `GET /media/{file}`: the uploaded original; with `?w=`, resized to the allow-listed width at or above `w`
 * (above the largest: the largest), and with `?w=1200&h=630` cover-cropped to the share picture, in AVIF, WebP or
 * JPEG as the `Accept` header allows.
 */
export function mediaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { media } = ctx;
  return async (app) => {
    app.get(
      '/media/:file',
      {
        schema: {
          tags: ['media'],
          summary: 'An uploaded image, resized with `w`; with `w=1200&h=630`, cropped to the share picture',
          params: mediaParamsSchema,
          querystring: mediaQuerySchema,
          response: {
            200: {
              description: 'The image',
              content: Object.fromEntries(['image/avif', 'image/webp', 'image/jpeg', 'image/png', 'image/gif'].map((type) => [type, { schema: binary }])),
            },
          },
        },
      },
      async (request, reply) => {
        const { file } = request.params;
        const match = MEDIA_FILE_PATTERN.exec(file);
        if (!match) throw notFound('Image not found');
        const { w, h } = request.query;

        if (w === undefined) {
          const original = await media.original(file);
          if (!original) throw notFound('Image not found');
          return reply
            .header('Cache-Control', IMMUTABLE)
            .header('Content-Length', original.size)
            .type(CONTENT_TYPE[match[2]!]!)
            .send(original.stream as never);
        }

        const format = variantFormat(request.headers.accept, match[2]!);
        const variant = await media.variant(file, h === undefined ? { width: snapWidth(w) } : SHARE_IMAGE, format);
        if (!variant) throw notFound('Image not found');
        return reply.header('Cache-Control', IMMUTABLE).header('Vary', 'Accept').type(CONTENT_TYPE[format]!).send(variant);
      },
    );
  };
}
