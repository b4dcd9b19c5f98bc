import { Readable } from 'node:stream';
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
import { apiMessage } from '../../../contract/api-messages';
import { idParamsSchema } from '../../../contract/envelope';
import {
  PRODUCT_CSV_MAX_BYTES,
  PRODUCT_CSV_MAX_ROWS,
  productCsvBodySchema,
  productImportApplyQuerySchema,
  productImportPreviewSchema,
  productImportResultSchema,
} from '../../../contract/product-csv';
import type { AppContext } from '../../context';
import { requireUser, SELLER_OR_ADMIN } from '../../http/auth';
import { clientKey } from '../../http/client-address';
import { badRequest, HttpError } from '../../http/errors';
import { answers, fileAnswer, noData, ok, sendSerialised } from '../../http/reply';
import { AbandonedError, ClientBusyError, limiter, LimiterBusyError } from '../../lib/limiter';
import { acceptUploads, saveUploadedImages } from '../../http/uploads';
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
import { applyProductImport, csvText, previewProductImport, productCsv } from './product-csv';

const IMAGES = 'productImages';
const tags = ['products'];
const productListAnswers = answers(productListSchema);
const suggestionAnswers = answers(suggestionsSchema);
/** Suggestions change only as products do: a minute in the browser's and shared caches. */
const SUGGEST_CACHE = 'public, max-age=60';
const filesOf = (request: FastifyRequest) => request.uploads?.[IMAGES]?.length ?? 0;
/** Imports a minute from one address; one account's imports run one at a time, and the process runs two at most. */
const IMPORTS_PER_MINUTE = 20;
const IMPORT_RETRY_SECONDS = 5;
const CSV_MEGABYTES = PRODUCT_CSV_MAX_BYTES / 1024 / 1024;

/** Products: anyone browses; sellers manage their own, admins every one. */
export function productRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;

  const imports = limiter({ concurrency: 2, maxWaiting: 4, perClient: { concurrency: 1, maxWaiting: 1 } });
  const oneImportAtATime = async <T>(request: FastifyRequest, task: () => Promise<T>): Promise<T> => {
    try {
      return await imports.run(task, { client: requireUser(request).id, abandoned: () => request.raw.socket.destroyed });
    } catch (err) {
      if (err instanceof LimiterBusyError || err instanceof ClientBusyError || err instanceof AbandonedError) {
        throw new HttpError(503, apiMessage('busy'), undefined, IMPORT_RETRY_SECONDS);
      }
      throw err;
    }
  };
  const csvImport = {
    bodyLimit: PRODUCT_CSV_MAX_BYTES,
    config: { access: SELLER_OR_ADMIN, rateLimit: { max: IMPORTS_PER_MINUTE, timeWindow: '1 minute' } },
    // A file over the limit is a refusal with the shop's words, as every other bad file is.
    errorHandler: (error: Error & { code?: string }) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw badRequest(apiMessage('csvTooLarge', CSV_MEGABYTES));
      throw error;
    },
  };

  return async (app) => {
    await acceptUploads(app, ctx.media);
    // Only in this plugin: the import reads the file's bytes itself, to refuse what is not UTF-8 text.
    app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: PRODUCT_CSV_MAX_BYTES }, (_request, body, done) => {
      try {
        done(null, csvText(body as Buffer));
      } catch (err) {
        done(err as Error, undefined);
      }
    });

    app.get(
      '/products',
      { schema: { tags, summary: 'Products by filter, sort and page (`limit=0`: all)', querystring: productListQuerySchema, response: productListAnswers } },
      async (request, reply) => {
        const { query } = request;
        // Cached as text, so serialised here by the route's own answer schema.
        const body = await ctx.listCache.get(JSON.stringify(query), async () => productListAnswers[200].encode(ok(await listProducts(db, query), 'Products')), {
          client: clientKey(request.ip),
          abandoned: () => request.raw.socket.destroyed,
        });
        return sendSerialised(reply as FastifyReply, body);
      },
    );

    app.get(
      '/products/suggest',
      {
        schema: {
          tags,
          summary: 'Products and categories the search box suggests for what is typed so far',
          querystring: suggestQuerySchema,
          response: suggestionAnswers,
        },
      },
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
      '/products/export',
      {
        config: { access: SELLER_OR_ADMIN },
        schema: {
          tags,
          summary:
            "The caller's products (a seller: their own; an admin: every one) as CSV, one row per variant, in UTF-8 with a byte-order mark; cells that could start a formula are neutralised",
          response: fileAnswer('text/csv', 'The products as CSV'),
        },
      },
      async (request, reply) => {
        const file = Readable.from(productCsv(db, requireUser(request)));
        // Streamed: the route's typed reply takes a whole file only.
        return (reply as FastifyReply)
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="products.csv"')
          .header('Cache-Control', 'private, no-store')
          .send(file);
      },
    );

    app.post(
      '/products/import/preview',
      {
        ...csvImport,
        config: { ...csvImport.config, changesShown: 'nothing' },
        schema: {
          tags,
          summary: `What importing a products CSV (text/csv, UTF-8, at most ${CSV_MEGABYTES} MB and ${PRODUCT_CSV_MAX_ROWS} rows) would create, change and refuse, line by line; nothing is written`,
          consumes: ['text/csv'],
          body: productCsvBodySchema,
          response: answers(productImportPreviewSchema),
        },
      },
      async (request) => ok(await oneImportAtATime(request, () => previewProductImport(db, ctx.media, requireUser(request), request.body)), 'Import preview'),
    );

    app.post(
      '/products/import/apply',
      {
        ...csvImport,
        schema: {
          tags,
          summary:
            'Import a products CSV as its preview showed: every created and changed product in one transaction, the refused ones left out; 409 when the file or the products changed since the preview',
          consumes: ['text/csv'],
          querystring: productImportApplyQuerySchema,
          body: productCsvBodySchema,
          response: answers(productImportResultSchema),
        },
      },
      async (request) =>
        ok(
          await oneImportAtATime(request, () => applyProductImport(db, ctx.media, requireUser(request), request.body, request.query.preview)),
          'Products imported',
        ),
    );

    app.get(
      '/products/:id',
      {
        schema: {
          tags,
          summary: 'One product with its reviews (a draft: to its seller and admins only)',
          params: idParamsSchema,
          response: answers(productSchema),
        },
      },
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
      {
        config: { access: SELLER_OR_ADMIN },
        schema: { tags, summary: 'Delete a product (a seller: their own)', params: idParamsSchema, response: answers(noData) },
      },
      async (request) => {
        await deleteProduct(db, ctx.media, requireUser(request), request.params.id);
        return ok(null, 'Product deleted');
      },
    );
  };
}
