import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryWithProductsSchema,
  managedProductsQuerySchema,
  productCreateSchema,
  productListQuerySchema,
  productListSchema,
  productSchema,
  productUpdateSchema,
  suggestionsSchema,
  suggestQuerySchema,
} from '../../../contract/catalogue';
import { idParamsSchema } from '../../../contract/envelope';
import type { AppContext } from '../../context';
import { requireUser, SELLER_OR_ADMIN } from '../../http/auth';
import { clientKey } from '../../http/client-address';
import { answers, noData, ok, sendSerialised } from '../../http/reply';
import { acceptUploads, saveUploadedImages } from '../media/uploads';
import {
  categoriesWithProducts,
  checkProductManageable,
  createProduct,
  deleteProduct,
  getProduct,
  imageOrder,
  listManagedProducts,
  listProducts,
  suggest,
  updateProduct,
} from './service';

const IMAGES = 'productImages';
const tags = ['products'];
const productListAnswers = answers(productListSchema);
const suggestionAnswers = answers(suggestionsSchema);
/** Suggestions change only as products do: a minute in the browser's and shared caches. */
const SUGGEST_CACHE = 'public, max-age=60';
const filesOf = (request: FastifyRequest) => request.uploads?.[IMAGES]?.length ?? 0;

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
          { client: clientKey(request.ip), abandoned: () => request.raw.socket.destroyed },
        );
        return sendSerialised(reply as FastifyReply, body);
      },
    );

    app.get(
      '/products/suggest',
      { schema: { tags, summary: 'Products and categories the search box suggests for what is typed so far', querystring: suggestQuerySchema, response: suggestionAnswers } },
      async (request, reply) => {
        const { q } = request.query;
        // The same letters ask the same question of everyone: kept like a list, and briefly by browsers and shared caches.
        const body = await ctx.listCache.get(`suggest:${q}`, async () => suggestionAnswers[200].encode(ok(await suggest(db, q), 'Suggestions')), {
          client: clientKey(request.ip),
          abandoned: () => request.raw.socket.destroyed,
        });
        void reply.header('cache-control', SUGGEST_CACHE);
        return sendSerialised(reply as FastifyReply, body);
      },
    );

    app.get(
      '/products/categories-with-products',
      { schema: { tags, summary: 'Every category with its first products', response: answers(z.array(categoryWithProductsSchema)) } },
      async () => ok(await categoriesWithProducts(db), 'Categories with products'),
    );

    app.get(
      '/products/manage',
      {
        config: { access: SELLER_OR_ADMIN },
        schema: {
          tags,
          summary: "The caller's products to manage, with their stock (a seller: their own; an admin: every one)",
          querystring: managedProductsQuerySchema,
          response: productListAnswers,
        },
      },
      async (request) => ok(await listManagedProducts(db, requireUser(request), request.query), 'Your products'),
    );

    app.get(
      '/products/:id',
      { schema: { tags, summary: 'One product with its reviews (a draft: to its seller and admins only)', params: idParamsSchema, response: answers(productSchema) } },
      async (request) => ok(await getProduct(db, request.params.id, request.authUser), 'Product'),
    );

    app.post(
      '/products',
      {
        config: { access: SELLER_OR_ADMIN, uploads: [IMAGES] },
        schema: { tags, summary: 'Create a product (a seller: their own)', body: productCreateSchema, response: answers(productSchema, [201]) },
      },
      async (request, reply) => {
        const input = request.body;
        const images = imageOrder(input.productImages, filesOf(request));
        const uploaded = await saveUploadedImages(ctx.media, request, IMAGES);
        const product = await createProduct(db, requireUser(request), { ...input, productImages: images(uploaded) });
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
        const files = filesOf(request);
        const images = input.productImages === undefined && files === 0 ? undefined : imageOrder(input.productImages ?? [], files);
        const uploaded = await saveUploadedImages(ctx.media, request, IMAGES);
        return ok(await updateProduct(db, ctx.media, actor, id, { ...input, productImages: images?.(uploaded) }), 'Product updated');
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
