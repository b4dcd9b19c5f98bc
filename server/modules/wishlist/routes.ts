import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { wishlistAddSchema, wishlistItemParamsSchema, wishlistParamsSchema, wishlistSchema } from '../../../contract/catalogue';
import type { AppContext } from '../../context';
import { requireUser, SIGNED_IN } from '../../http/auth';
import { answers, ok } from '../../http/reply';
import { addToWishlist, checkOwnWishlist, getWishlist, removeFromWishlist } from './service';

const tags = ['wishlist'];
const config = { access: SIGNED_IN };

/** Mounted at /wishlist. Every answer carries the wishlist as it now is; a customer reaches their own only. */
export function wishlistRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    app.post(
      '/add-to-wishlist/:customerId',
      { config, schema: { tags, summary: 'Add a product', params: wishlistParamsSchema, body: wishlistAddSchema, response: answers(wishlistSchema) } },
      async (request) => {
        const { customerId } = request.params;
        checkOwnWishlist(requireUser(request), customerId);
        return ok(await addToWishlist(db, customerId, request.body.productId), 'Added to wishlist');
      },
    );

    app.get(
      '/get-wishlist/:customerId',
      { config, schema: { tags, summary: "The customer's wishlist", params: wishlistParamsSchema, response: answers(wishlistSchema) } },
      async (request) => {
        const { customerId } = request.params;
        checkOwnWishlist(requireUser(request), customerId);
        return ok(await getWishlist(db, customerId), 'Wishlist');
      },
    );

    app.delete(
      '/remove/:customerId/:productId',
      { config, schema: { tags, summary: 'Remove a product', params: wishlistItemParamsSchema, response: answers(wishlistSchema) } },
      async (request) => {
        const { customerId, productId } = request.params;
        checkOwnWishlist(requireUser(request), customerId);
        return ok(await removeFromWishlist(db, customerId, productId), 'Removed from wishlist');
      },
    );
  };
}
