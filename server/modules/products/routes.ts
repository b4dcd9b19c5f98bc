import type { FastifyPluginAsync } from 'fastify';
import { productCreateSchema, productListQuerySchema, productUpdateSchema } from '../../../contract/catalogue';
import { idParamsSchema } from '../../../contract/envelope';
import type { AppContext } from '../../context';
import { requireRole } from '../../http/auth';
import { ok } from '../../http/reply';
import { parse } from '../../http/validate';
import { acceptUploads, readForm, rejectUnknownFiles, saveFormImages } from '../media/uploads';
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

/** Products: anyone browses; sellers manage their own, admins every one. */
export function productRoutes(ctx: AppContext): FastifyPluginAsync {
  const { db } = ctx;

  return async (app) => {
    await acceptUploads(app, ctx.media);

    app.get('/products', async (request, reply) => {
      const query = parse(productListQuerySchema, request.query);
      const body = await ctx.listCache.get(
        JSON.stringify(query),
        async () => ok(await listProducts(db, query), 'Products'),
        () => request.raw.socket.destroyed,
      );
      return reply.type('application/json; charset=utf-8').send(body);
    });

    app.get('/products/categories-with-products', async () => ok(await categoriesWithProducts(db), 'Categories with products'));

    app.get('/products/:id', async (request) => ok(await getProduct(db, parse(idParamsSchema, request.params).id), 'Product'));

    app.post('/products', async (request, reply) => {
      const actor = requireRole(request, 'seller', 'admin');
      const form = await readForm(request);
      rejectUnknownFiles(form, [IMAGES]);
      const input = parse(productCreateSchema, form.fields);
      const uploaded = await saveFormImages(ctx.media, form, IMAGES);
      const product = await createProduct(db, actor, { ...input, productImages: [...input.productImages, ...uploaded] });
      reply.status(201);
      return ok(product, 'Product created');
    });

    app.put('/products/:id', async (request) => {
      const actor = requireRole(request, 'seller', 'admin');
      const { id } = parse(idParamsSchema, request.params);
      await checkProductManageable(db, actor, id);
      const form = await readForm(request);
      rejectUnknownFiles(form, [IMAGES]);
      const input = parse(productUpdateSchema, form.fields);
      const uploaded = await saveFormImages(ctx.media, form, IMAGES);
      const images = input.productImages === undefined && uploaded.length === 0 ? undefined : [...(input.productImages ?? []), ...uploaded];
      return ok(await updateProduct(db, ctx.media, actor, id, { ...input, productImages: images }), 'Product updated');
    });

    app.delete('/products/:id', async (request) => {
      const actor = requireRole(request, 'seller', 'admin');
      await deleteProduct(db, ctx.media, actor, parse(idParamsSchema, request.params).id);
      return ok(null, 'Product deleted');
    });
  };
}
