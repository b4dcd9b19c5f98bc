import type { FastifyPluginAsync } from 'fastify';
import { mediaQuerySchema, SHARE_IMAGE } from '../../../contract/catalogue';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import { CONTENT_TYPE, imageVariant, MEDIA_FILE_PATTERN, readOriginal, snapWidth, variantFormat } from './service';

/** A file's name is the hash of its content, so whatever is served under it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `GET /media/{file}`: the uploaded original; with `?w=`, resized to the allow-listed width at or above `w`
 * (above the largest: the largest), and with `?w=1200&h=630` cover-cropped to the share picture, in AVIF, WebP or
 * JPEG as the `Accept` header allows.
 */
export function mediaRoutes(ctx: AppContext): FastifyPluginAsync {
  const { dataDir } = ctx.config;
  return async (app) => {
    app.get<{ Params: { file: string } }>('/media/:file', async (request, reply) => {
      const { file } = request.params;
      const match = MEDIA_FILE_PATTERN.exec(file);
      if (!match) throw notFound('Image not found');
      const { w, h } = parse(mediaQuerySchema, request.query);

      if (w === undefined) {
        const original = await readOriginal(dataDir, file);
        if (!original) throw notFound('Image not found');
        return reply.header('Cache-Control', IMMUTABLE).type(CONTENT_TYPE[match[2]!]!).send(original);
      }

      const format = variantFormat(request.headers.accept, match[2]!);
      const variant = await imageVariant(dataDir, file, h === undefined ? { width: snapWidth(w) } : SHARE_IMAGE, format);
      if (!variant) throw notFound('Image not found');
      return reply.header('Cache-Control', IMMUTABLE).header('Vary', 'Accept').type(CONTENT_TYPE[format]!).send(variant);
    });
  };
}
