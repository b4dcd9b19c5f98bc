import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bannerCreateSchema,
  bannerSchema,
  bannerUpdateSchema,
  categoryCreateSchema,
  categoryNameSchema,
  categorySchema,
  categoryUpdateSchema,
  logoCreateSchema,
  logoSchema,
  subCategoryCreateSchema,
  subCategoryQuerySchema,
  subCategorySchema,
  subCategoryUpdateSchema,
  subSubCategoryCreateSchema,
  subSubCategoryQuerySchema,
  subSubCategorySchema,
  subSubCategoryUpdateSchema,
} from '../../../contract/catalogue';
import { idParamsSchema } from '../../../contract/envelope';
import type { AppContext } from '../../context';
import { ADMIN } from '../../http/auth';
import { answers, noData, ok } from '../../http/reply';
import { acceptUploads, saveUploadedImage } from '../../http/uploads';
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

const tags = ['catalogue'];
const admin = { access: ADMIN };
/** An admin's create or update form whose one image field is `field`: an uploaded file, or the media URL of one. */
const adminForm = (field: string) => ({ access: ADMIN, uploads: [field] });

/** Categories, sub-categories, sub-sub-categories, banners and the logo: anyone reads them, admins change them. */
export function catalogueRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;

  /** The form's image: the uploaded file, stored now that the text fields are valid; else the media URL given as text. */
  async function imageOf(request: FastifyRequest, field: string, given: unknown): Promise<string | undefined> {
    return (await saveUploadedImage(ctx.media, request, field)) ?? (typeof given === 'string' ? given : undefined);
  }

  return async (app) => {
    await acceptUploads(app, ctx.media);

    app.get('/categories', { schema: { tags, summary: 'Every category', response: answers(z.array(categorySchema)) } }, async () =>
      ok(await listCategories(db), 'Categories'),
    );
    app.get(
      '/categories/get-names',
      { schema: { tags, summary: 'Category ids and names', response: answers(z.array(categoryNameSchema)) } },
      async () => ok(await categoryNames(db), 'Category names'),
    );
    app.get(
      '/categories/:id',
      { schema: { tags, summary: 'One category', params: idParamsSchema, response: answers(categorySchema) } },
      async (request) => ok(await getCategory(db, request.params.id), 'Category'),
    );
    app.post(
      '/categories',
      { config: adminForm('categoryImage'), schema: { tags, summary: 'Create a category', body: categoryCreateSchema, response: answers(categorySchema, [201]) } },
      async (request, reply) => {
        const image = await imageOf(request, 'categoryImage', request.body.categoryImage);
        reply.status(201);
        return ok(await createCategory(db, { ...request.body, image }), 'Category created');
      },
    );
    app.put(
      '/categories/:id',
      {
        config: adminForm('categoryImage'),
        schema: { tags, summary: 'Change a category', params: idParamsSchema, body: categoryUpdateSchema, response: answers(categorySchema) },
      },
      async (request) => {
        const image = await imageOf(request, 'categoryImage', request.body.categoryImage);
        return ok(await updateCategory(db, ctx.media, request.params.id, { ...request.body, image }), 'Category updated');
      },
    );
    app.delete(
      '/categories/:id',
      { config: admin, schema: { tags, summary: 'Delete a category', params: idParamsSchema, response: answers(noData) } },
      async (request) => {
        await deleteCategory(db, ctx.media, request.params.id);
        return ok(null, 'Category deleted');
      },
    );

    app.get(
      '/subcategories',
      { schema: { tags, summary: 'Sub-categories, of one category when asked', querystring: subCategoryQuerySchema, response: answers(z.array(subCategorySchema)) } },
      async (request) => ok(await listSubCategories(db, request.query), 'Sub-categories'),
    );
    app.get(
      '/subcategories/:id',
      { schema: { tags, summary: 'One sub-category', params: idParamsSchema, response: answers(subCategorySchema) } },
      async (request) => ok(await getSubCategory(db, request.params.id), 'Sub-category'),
    );
    app.post(
      '/subcategories',
      {
        config: adminForm('subCategoryImage'),
        schema: { tags, summary: 'Create a sub-category', body: subCategoryCreateSchema, response: answers(subCategorySchema, [201]) },
      },
      async (request, reply) => {
        const image = await imageOf(request, 'subCategoryImage', request.body.subCategoryImage);
        reply.status(201);
        return ok(await createSubCategory(db, { ...request.body, image }), 'Sub-category created');
      },
    );
    app.put(
      '/subcategories/:id',
      {
        config: adminForm('subCategoryImage'),
        schema: { tags, summary: 'Change a sub-category', params: idParamsSchema, body: subCategoryUpdateSchema, response: answers(subCategorySchema) },
      },
      async (request) => {
        const image = await imageOf(request, 'subCategoryImage', request.body.subCategoryImage);
        return ok(await updateSubCategory(db, ctx.media, request.params.id, { ...request.body, image }), 'Sub-category updated');
      },
    );
    app.delete(
      '/subcategories/:id',
      { config: admin, schema: { tags, summary: 'Delete a sub-category', params: idParamsSchema, response: answers(noData) } },
      async (request) => {
        await deleteSubCategory(db, ctx.media, request.params.id);
        return ok(null, 'Sub-category deleted');
      },
    );

    app.get(
      '/subsubcategories',
      {
        schema: {
          tags,
          summary: 'Sub-sub-categories, of one sub-category or category when asked',
          querystring: subSubCategoryQuerySchema,
          response: answers(z.array(subSubCategorySchema)),
        },
      },
      async (request) => ok(await listSubSubCategories(db, request.query), 'Sub-sub-categories'),
    );
    app.get(
      '/subsubcategories/:id',
      { schema: { tags, summary: 'One sub-sub-category', params: idParamsSchema, response: answers(subSubCategorySchema) } },
      async (request) => ok(await getSubSubCategory(db, request.params.id), 'Sub-sub-category'),
    );
    app.post(
      '/subsubcategories',
      {
        config: adminForm('subSubCategoryImage'),
        schema: { tags, summary: 'Create a sub-sub-category', body: subSubCategoryCreateSchema, response: answers(subSubCategorySchema, [201]) },
      },
      async (request, reply) => {
        const image = await imageOf(request, 'subSubCategoryImage', request.body.subSubCategoryImage);
        reply.status(201);
        return ok(await createSubSubCategory(db, { ...request.body, image }), 'Sub-sub-category created');
      },
    );
    app.put(
      '/subsubcategories/:id',
      {
        config: adminForm('subSubCategoryImage'),
        schema: {
          tags,
          summary: 'Change a sub-sub-category',
          params: idParamsSchema,
          body: subSubCategoryUpdateSchema,
          response: answers(subSubCategorySchema),
        },
      },
      async (request) => {
        const image = await imageOf(request, 'subSubCategoryImage', request.body.subSubCategoryImage);
        return ok(await updateSubSubCategory(db, ctx.media, request.params.id, { ...request.body, image }), 'Sub-sub-category updated');
      },
    );
    app.delete(
      '/subsubcategories/:id',
      { config: admin, schema: { tags, summary: 'Delete a sub-sub-category', params: idParamsSchema, response: answers(noData) } },
      async (request) => {
        await deleteSubSubCategory(db, ctx.media, request.params.id);
        return ok(null, 'Sub-sub-category deleted');
      },
    );

    app.get('/banner', { schema: { tags, summary: 'Every banner, in its order on the home page', response: answers(z.array(bannerSchema)) } }, async () =>
      ok(await listBanners(db), 'Banners'),
    );
    app.post(
      '/banner',
      { config: adminForm('bannerImage'), schema: { tags, summary: 'Create a banner', body: bannerCreateSchema, response: answers(bannerSchema, [201]) } },
      async (request, reply) => {
        const image = await imageOf(request, 'bannerImage', request.body.bannerImage);
        reply.status(201);
        return ok(await createBanner(db, { ...request.body, image }), 'Banner created');
      },
    );
    app.put(
      '/banner/:id',
      {
        config: adminForm('bannerImage'),
        schema: { tags, summary: 'Change a banner', params: idParamsSchema, body: bannerUpdateSchema, response: answers(bannerSchema) },
      },
      async (request) => {
        const image = await imageOf(request, 'bannerImage', request.body.bannerImage);
        return ok(await updateBanner(db, ctx.media, request.params.id, { ...request.body, image }), 'Banner updated');
      },
    );
    app.delete(
      '/banner/:id',
      { config: admin, schema: { tags, summary: 'Delete a banner', params: idParamsSchema, response: answers(noData) } },
      async (request) => {
        await deleteBanner(db, ctx.media, request.params.id);
        return ok(null, 'Banner deleted');
      },
    );

    app.get('/logo', { schema: { tags, summary: 'The current logo, or null', response: answers(logoSchema.nullable()) } }, async () =>
      ok(await currentLogo(db), 'Logo'),
    );
    app.post(
      '/logo',
      { config: adminForm('url'), schema: { tags, summary: 'Upload a new logo', body: logoCreateSchema, response: answers(logoSchema, [201]) } },
      async (request, reply) => {
        const url = await imageOf(request, 'url', request.body.url);
        reply.status(201);
        return ok(await createLogo(db, { url, alt: request.body.alt }), 'Logo saved');
      },
    );
    app.delete(
      '/logo/:id',
      { config: admin, schema: { tags, summary: 'Delete a logo (the previous one shows again)', params: idParamsSchema, response: answers(noData) } },
      async (request) => {
        await deleteLogo(db, ctx.media, request.params.id);
        return ok(null, 'Logo deleted');
      },
    );
  };
}
