import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryWithProductsSchema,
  productCreateSchema,
  productListQuerySchema,
  productListSchema,
  productSchema,
  productUpdateSchema,
} from '../../../contract/catalogue';
import { idParamsSchema } from '../../../contract/envelope';
import type { AppContext } from '../../context';
import { requireUser, SELLER_OR_ADMIN } from '../../http/auth';
import { answers, noData, ok, sendSerialised } from '../../http/reply';
import { acceptUploads, saveUploadedImages } from '../media/uploads';
import {
  categoriesWithProducts,
  checkProductManageable,
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  updateProduct,
} from './service';

const IMAGES = 'productImages';
const tags = ['products'];
const productListAnswers = answers(productListSchema);

/** Products: anyone browses; sellers manage their own, admins every one. */
export function productRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;

  return async (app) => {
    await acceptUploads(app, ctx.media);

    app.get(
      '/products',
      { schema: { tags, summary: 'Products by filter, sort and page (`limit=0`: all)', querystring: productListQuerySchema, response: productListAnswers } },
      async (request, reply) => {
        const { query } = request;
        // Cached as text, so serialised here by the route's own answer schema.
        const body = await ctx.listCache.get(
          JSON.stringify(query),
          async () => productListAnswers[200].encode(ok(await listProducts(db, query), 'Products')),
          () => request.raw.socket.destroyed,
        );
        return sendSerialised(reply as FastifyReply, body);
      },
    );

    app.get(
      '/products/categories-with-products',
      { schema: { tags, summary: 'Every category with its first products', response: answers(z.array(categoryWithProductsSchema)) } },
      async () => ok(await categoriesWithProducts(db), 'Categories with products'),
    );

    app.get(
      '/products/:id',
      { schema: { tags, summary: 'One product with its reviews', params: idParamsSchema, response: answers(productSchema) } },
      async (request) => ok(await getProduct(db, request.params.id), 'Product'),
    );

    app.post(
      '/products',
      {
        config: { access: SELLER_OR_ADMIN, uploads: [IMAGES] },
        schema: { tags, summary: 'Create a product (a seller: their own)', body: productCreateSchema, response: answers(productSchema, [201]) },
      },
      async (request, reply) => {
        const input = request.body;
        const uploaded = await saveUploadedImages(ctx.media, request, IMAGES);
        const product = await createProduct(db, requireUser(request), { ...input, productImages: [...input.productImages, ...uploaded] });
        reply.status(201);
        return ok(product, 'Product created');
      },
    );

    app.put(
      '/products/:id',
      {
        config: { access: SELLER_OR_ADMIN, uploads: [IMAGES] },
        schema: {
          tags,
          summary: 'Change a product (a seller: their own); only the fields given change',
          params: idParamsSchema,
          body: productUpdateSchema,
          response: answers(productSchema),
        },
      },
      async (request) => {
        const actor = requireUser(request);
        const { id } = request.params;
        const input = request.body;
        await checkProductManageable(db, actor, id);
        const uploaded = await saveUploadedImages(ctx.media, request, IMAGES);
        const images = input.productImages === undefined && uploaded.length === 0 ? undefined : [...(input.productImages ?? []), ...uploaded];
        return ok(await updateProduct(db, ctx.media, actor, id, { ...input, productImages: images }), 'Product updated');
      },
    );

    app.delete(
      '/products/:id',
      { config: { access: SELLER_OR_ADMIN }, schema: { tags, summary: 'Delete a product (a seller: their own)', params: idParamsSchema, response: answers(noData) } },
      async (request) => {
        await deleteProduct(db, ctx.media, requireUser(request), request.params.id);
        return ok(null, 'Product deleted');
      },
    );
  };
}
