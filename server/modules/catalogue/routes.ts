import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  bannerCreateSchema,
  bannerUpdateSchema,
  categoryCreateSchema,
  categoryUpdateSchema,
  logoCreateSchema,
  subCategoryCreateSchema,
  subCategoryQuerySchema,
  subCategoryUpdateSchema,
  subSubCategoryCreateSchema,
  subSubCategoryQuerySchema,
  subSubCategoryUpdateSchema,
} from '../../../contract/catalogue';
import { idParamsSchema } from '../../../contract/envelope';
import type { AppContext } from '../../context';
import { roleGuard } from '../../http/auth';
import { ok } from '../../http/reply';
import { parse } from '../../http/validate';
import { acceptUploads, formImage, readForm, rejectUnknownFiles } from '../media/uploads';
import {
  categoryNames,
  createBanner,
  createCategory,
  createLogo,
  createSubCategory,
  createSubSubCategory,
  currentLogo,
  deleteBanner,
  deleteCategory,
  deleteLogo,
  deleteSubCategory,
  deleteSubSubCategory,
  getCategory,
  getSubCategory,
  getSubSubCategory,
  listBanners,
  listCategories,
  listSubCategories,
  listSubSubCategories,
  updateBanner,
  updateCategory,
  updateSubCategory,
  updateSubSubCategory,
} from './service';

/** Categories, sub-categories, sub-sub-categories, banners and the logo: anyone reads them, admins change them. */
export function catalogueRoutes(ctx: AppContext): FastifyPluginAsync {
  const { db } = ctx;
  const admin = { preHandler: roleGuard('admin') };
  const idOf = (request: FastifyRequest) => parse(idParamsSchema, request.params).id;

  /**
   * Reads a create or update form whose one image field is `imageField` (an uploaded file, or the media URL of
   * one as text), validates its text fields with `schema`, and only then stores the image.
   */
  async function imageForm<S extends z.ZodType<Record<string, unknown>>>(
    request: FastifyRequest,
    imageField: string,
    schema: S,
  ): Promise<z.output<S> & { image: string | undefined }> {
    const form = await readForm(request);
    rejectUnknownFiles(form, [imageField]);
    const input = parse(schema, form.fields);
    const given = input[imageField];
    const uploaded = await formImage(ctx.media, form, imageField);
    return { ...input, image: uploaded ?? (typeof given === 'string' ? given : undefined) };
  }

  return async (app) => {
    await acceptUploads(app, ctx.media);

    app.get('/categories', async () => ok(await listCategories(db), 'Categories'));
    app.get('/categories/get-names', async () => ok(await categoryNames(db), 'Category names'));
    app.get('/categories/:id', async (request) => ok(await getCategory(db, idOf(request)), 'Category'));
    app.post('/categories', admin, async (request, reply) => {
      const input = await imageForm(request, 'categoryImage', categoryCreateSchema);
      reply.status(201);
      return ok(await createCategory(db, input), 'Category created');
    });
    app.put('/categories/:id', admin, async (request) => {
      const id = idOf(request);
      return ok(await updateCategory(db, ctx.media, id, await imageForm(request, 'categoryImage', categoryUpdateSchema)), 'Category updated');
    });
    app.delete('/categories/:id', admin, async (request) => {
      await deleteCategory(db, ctx.media, idOf(request));
      return ok(null, 'Category deleted');
    });

    app.get('/subcategories', async (request) =>
      ok(await listSubCategories(db, parse(subCategoryQuerySchema, request.query)), 'Sub-categories'),
    );
    app.get('/subcategories/:id', async (request) => ok(await getSubCategory(db, idOf(request)), 'Sub-category'));
    app.post('/subcategories', admin, async (request, reply) => {
      const input = await imageForm(request, 'subCategoryImage', subCategoryCreateSchema);
      reply.status(201);
      return ok(await createSubCategory(db, input), 'Sub-category created');
    });
    app.put('/subcategories/:id', admin, async (request) => {
      const id = idOf(request);
      return ok(
        await updateSubCategory(db, ctx.media, id, await imageForm(request, 'subCategoryImage', subCategoryUpdateSchema)),
        'Sub-category updated',
      );
    });
    app.delete('/subcategories/:id', admin, async (request) => {
      await deleteSubCategory(db, ctx.media, idOf(request));
      return ok(null, 'Sub-category deleted');
    });

    app.get('/subsubcategories', async (request) =>
      ok(await listSubSubCategories(db, parse(subSubCategoryQuerySchema, request.query)), 'Sub-sub-categories'),
    );
    app.get('/subsubcategories/:id', async (request) => ok(await getSubSubCategory(db, idOf(request)), 'Sub-sub-category'));
    app.post('/subsubcategories', admin, async (request, reply) => {
      const input = await imageForm(request, 'subSubCategoryImage', subSubCategoryCreateSchema);
      reply.status(201);
      return ok(await createSubSubCategory(db, input), 'Sub-sub-category created');
    });
    app.put('/subsubcategories/:id', admin, async (request) => {
      const id = idOf(request);
      return ok(
        await updateSubSubCategory(db, ctx.media, id, await imageForm(request, 'subSubCategoryImage', subSubCategoryUpdateSchema)),
        'Sub-sub-category updated',
      );
    });
    app.delete('/subsubcategories/:id', admin, async (request) => {
      await deleteSubSubCategory(db, ctx.media, idOf(request));
      return ok(null, 'Sub-sub-category deleted');
    });

    app.get('/banner', async () => ok(await listBanners(db), 'Banners'));
    app.post('/banner', admin, async (request, reply) => {
      const input = await imageForm(request, 'bannerImage', bannerCreateSchema);
      reply.status(201);
      return ok(await createBanner(db, input), 'Banner created');
    });
    app.put('/banner/:id', admin, async (request) => {
      const id = idOf(request);
      return ok(await updateBanner(db, ctx.media, id, await imageForm(request, 'bannerImage', bannerUpdateSchema)), 'Banner updated');
    });
    app.delete('/banner/:id', admin, async (request) => {
      await deleteBanner(db, ctx.media, idOf(request));
      return ok(null, 'Banner deleted');
    });

    app.get('/logo', async () => ok(await currentLogo(db), 'Logo'));
    app.post('/logo', admin, async (request, reply) => {
      const { image, alt } = await imageForm(request, 'url', logoCreateSchema);
      reply.status(201);
      return ok(await createLogo(db, { url: image, alt }), 'Logo saved');
    });
    app.delete('/logo/:id', admin, async (request) => {
      await deleteLogo(db, ctx.media, idOf(request));
      return ok(null, 'Logo deleted');
    });
  };
}
