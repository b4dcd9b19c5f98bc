import type { FastifyPluginAsync } from 'fastify';
import { mediaQuerySchema } from '../../../contract/catalogue';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import { CONTENT_TYPE, MEDIA_FILE_PATTERN, snapWidth, variantFormat } from './service';

/** A file's name is the hash of its content, so whatever is served under it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `GET /media/{file}`: the uploaded original; with `?w=`, resized to the allow-listed width at or above `w`
 * (above the largest: the largest) in AVIF, WebP or JPEG as the `Accept` header allows.
 */
export function mediaRoutes(ctx: AppContext): FastifyPluginAsync {
  const { media } = ctx;
  return async (app) => {
    app.get<{ Params: { file: string } }>('/media/:file', async (request, reply) => {
      const { file } = request.params;
      const match = MEDIA_FILE_PATTERN.exec(file);
      if (!match) throw notFound('Image not found');
      const { w } = parse(mediaQuerySchema, request.query);

      if (w === undefined) {
        const original = await media.original(file);
        if (!original) throw notFound('Image not found');
        return reply.header('Cache-Control', IMMUTABLE).header('Content-Length', original.size).type(CONTENT_TYPE[match[2]!]!).send(original.stream);
      }

      const format = variantFormat(request.headers.accept, match[2]!);
      const variant = await media.variant(file, snapWidth(w), format);
      if (!variant) throw notFound('Image not found');
      return reply.header('Cache-Control', IMMUTABLE).header('Vary', 'Accept').type(CONTENT_TYPE[format]!).send(variant);
    });
  };
}
