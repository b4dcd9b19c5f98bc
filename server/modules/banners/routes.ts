import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bannerCreateSchema, bannerSchema, bannerUpdateSchema } from '../../../contract/catalogue';
import { idParamsSchema } from '../../../contract/envelope';
import type { AppContext } from '../../context';
import { ADMIN } from '../../http/auth';
import { answers, noData, ok } from '../../http/reply';
import { acceptUploads, formImage } from '../../http/uploads';
import { createBanner, deleteBanner, listBanners, updateBanner } from './service';

const tags = ['catalogue'];
/** An admin's create or update form whose image is an uploaded file, or the media URL of one. */
const adminForm = { access: ADMIN, uploads: ['bannerImage'] };

/** `/api/banner`: the home page's banners, in their order; anyone reads them, admins change them. */
export function bannerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;

  return async (app) => {
    await acceptUploads(app, ctx.media);

    app.get('/banner', { schema: { tags, summary: 'Every banner, in its order on the home page', response: answers(z.array(bannerSchema)) } }, async () =>
      ok(await listBanners(db), 'Banners'),
    );
    app.post(
      '/banner',
      { config: adminForm, schema: { tags, summary: 'Create a banner', body: bannerCreateSchema, response: answers(bannerSchema, [201]) } },
      async (request, reply) => {
        const image = await formImage(ctx.media, request, 'bannerImage', request.body.bannerImage);
        reply.status(201);
        return ok(await createBanner(db, { ...request.body, image }), 'Banner created');
      },
    );
    app.put(
      '/banner/:id',
      {
        config: adminForm,
        schema: { tags, summary: 'Change a banner', params: idParamsSchema, body: bannerUpdateSchema, response: answers(bannerSchema) },
      },
      async (request) => {
        const image = await formImage(ctx.media, request, 'bannerImage', request.body.bannerImage);
        return ok(await updateBanner(db, ctx.media, request.params.id, { ...request.body, image }), 'Banner updated');
      },
    );
    app.delete(
      '/banner/:id',
      { config: { access: ADMIN }, schema: { tags, summary: 'Delete a banner', params: idParamsSchema, response: answers(noData) } },
      async (request) => {
        await deleteBanner(db, ctx.media, request.params.id);
        return ok(null, 'Banner deleted');
      },
    );
  };
}
