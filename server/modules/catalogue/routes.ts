import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryCreateSchema,
  categoryNameSchema,
  categorySchema,
  categoryUpdateSchema,
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
import { acceptUploads, formImage } from '../../http/uploads';
import {
  categoryNames,
  createCategory,
  createSubCategory,
  createSubSubCategory,
  deleteCategory,
  deleteSubCategory,
  deleteSubSubCategory,
  getCategory,
  getSubCategory,
  getSubSubCategory,
  listCategories,
  listSubCategories,
  listSubSubCategories,
  updateCategory,
  updateSubCategory,
  updateSubSubCategory,
} from './service';

const tags = ['catalogue'];
const admin = { access: ADMIN };
/** An admin's create or update form whose one image field is `field`: an uploaded file, or the media URL of one. */
const adminForm = (field: string) => ({ access: ADMIN, uploads: [field] });

/** Categories, sub-categories and sub-sub-categories: anyone reads them, admins change them. */
export function catalogueRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;

  return async (app) => {
    await acceptUploads(app, ctx.media);

    app.get('/categories', { schema: { tags, summary: 'Every category', response: answers(z.array(categorySchema)) } }, async () =>
      ok(await listCategories(db), 'Categories'),
    );
    app.get('/categories/get-names', { schema: { tags, summary: 'Category ids and names', response: answers(z.array(categoryNameSchema)) } }, async () =>
      ok(await categoryNames(db), 'Category names'),
    );
    app.get('/categories/:id', { schema: { tags, summary: 'One category', params: idParamsSchema, response: answers(categorySchema) } }, async (request) =>
      ok(await getCategory(db, request.params.id), 'Category'),
    );
    app.post(
      '/categories',
      {
        config: adminForm('categoryImage'),
        schema: { tags, summary: 'Create a category', body: categoryCreateSchema, response: answers(categorySchema, [201]) },
      },
      async (request, reply) => {
        const image = await formImage(ctx.media, request, 'categoryImage', request.body.categoryImage);
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
        const image = await formImage(ctx.media, request, 'categoryImage', request.body.categoryImage);
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
      {
        schema: {
          tags,
          summary: 'Sub-categories, of one category when asked',
          querystring: subCategoryQuerySchema,
          response: answers(z.array(subCategorySchema)),
        },
      },
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
        const image = await formImage(ctx.media, request, 'subCategoryImage', request.body.subCategoryImage);
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
        const image = await formImage(ctx.media, request, 'subCategoryImage', request.body.subCategoryImage);
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
        const image = await formImage(ctx.media, request, 'subSubCategoryImage', request.body.subSubCategoryImage);
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
        const image = await formImage(ctx.media, request, 'subSubCategoryImage', request.body.subSubCategoryImage);
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
  };
}
