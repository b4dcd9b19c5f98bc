import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../contract/envelope';
import { shopWordInputSchema, shopWordListQuerySchema, shopWordListSchema, shopWordSchema } from '../../../contract/shop-words';
import type { AppContext } from '../../context';
import { ADMIN } from '../../http/auth';
import { answers, noData, ok } from '../../http/reply';
import { createShopWord, deleteShopWord, listShopWords, updateShopWord } from './shop-words';

const tags = ['search'];
const config = { access: ADMIN };

/**
 * `/api/shop-words`: the owner's dictionary of words that mean the same to a shopper. A change is a write like any
 * other: every process empties its lists and suggestions, so the next search reads the words as they are now.
 */
export function shopWordRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/shop-words',
      {
        config,
        schema: { tags, summary: 'The shop words, in the order they were added', querystring: shopWordListQuerySchema, response: answers(shopWordListSchema) },
      },
      async (request) => ok(await listShopWords(db, request.query), 'Shop words'),
    );
    app.post(
      '/shop-words',
      { config, schema: { tags, summary: 'Add an entry of words that mean the same', body: shopWordInputSchema, response: answers(shopWordSchema, [201]) } },
      async (request, reply) => {
        const entry = await createShopWord(db, request.body);
        reply.status(201);
        return ok(entry, 'Shop word added');
      },
    );
    app.put(
      '/shop-words/:id',
      { config, schema: { tags, summary: "Change an entry's words", params: idParamsSchema, body: shopWordInputSchema, response: answers(shopWordSchema) } },
      async (request) => ok(await updateShopWord(db, request.params.id, request.body), 'Shop word updated'),
    );
    app.delete(
      '/shop-words/:id',
      { config, schema: { tags, summary: 'Remove an entry', params: idParamsSchema, response: answers(noData) } },
      async (request) => {
        await deleteShopWord(db, request.params.id);
        return ok(null, 'Shop word removed');
      },
    );
  };
}
