import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logoCreateSchema, logoSchema } from '../../../contract/catalogue';
import { idParamsSchema } from '../../../contract/envelope';
import type { AppContext } from '../../context';
import { ADMIN } from '../../http/auth';
import { answers, noData, ok } from '../../http/reply';
import { acceptUploads, formImage } from '../../http/uploads';
import { createLogo, currentLogo, deleteLogo } from './service';

const tags = ['catalogue'];

/** `/api/logo`: the shop's logo; anyone reads it, admins upload a new one or delete one. */
export function logoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;

  return async (app) => {
    await acceptUploads(app, ctx.media);

    app.get('/logo', { schema: { tags, summary: 'The current logo, or null', response: answers(logoSchema.nullable()) } }, async () =>
      ok(await currentLogo(db), 'Logo'),
    );
    app.post(
      '/logo',
      {
        config: { access: ADMIN, uploads: ['url'] },
        schema: { tags, summary: 'Upload a new logo', body: logoCreateSchema, response: answers(logoSchema, [201]) },
      },
      async (request, reply) => {
        const url = await formImage(ctx.media, request, 'url', request.body.url);
        reply.status(201);
        return ok(await createLogo(db, { url, alt: request.body.alt }), 'Logo saved');
      },
    );
    app.delete(
      '/logo/:id',
      {
        config: { access: ADMIN },
        schema: { tags, summary: 'Delete a logo (the previous one shows again)', params: idParamsSchema, response: answers(noData) },
      },
      async (request) => {
        await deleteLogo(db, ctx.media, request.params.id);
        return ok(null, 'Logo deleted');
      },
    );
  };
}
