import type { FastifyPluginAsync } from 'fastify';
import { wishlistAddSchema, wishlistItemParamsSchema, wishlistParamsSchema } from '../../../contract/catalogue';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { ok } from '../../http/reply';
import { parse } from '../../http/validate';
import { addToWishlist, checkOwnWishlist, getWishlist, removeFromWishlist } from './service';

/** Mounted at /wishlist. Every answer carries the wishlist as it now is. */
export function wishlistRoutes(ctx: AppContext): FastifyPluginAsync {
  const { db } = ctx;
  return async (app) => {
    app.post('/add-to-wishlist/:customerId', async (request) => {
      const actor = requireUser(request);
      const { customerId } = parse(wishlistParamsSchema, request.params);
      checkOwnWishlist(actor, customerId);
      const { productId } = parse(wishlistAddSchema, request.body);
      return ok(await addToWishlist(db, customerId, productId), 'Added to wishlist');
    });

    app.get('/get-wishlist/:customerId', async (request) => {
      const actor = requireUser(request);
      const { customerId } = parse(wishlistParamsSchema, request.params);
      checkOwnWishlist(actor, customerId);
      return ok(await getWishlist(db, customerId), 'Wishlist');
    });

    app.delete('/remove/:customerId/:productId', async (request) => {
      const actor = requireUser(request);
      const { customerId, productId } = parse(wishlistItemParamsSchema, request.params);
      checkOwnWishlist(actor, customerId);
      return ok(await removeFromWishlist(db, customerId, productId), 'Removed from wishlist');
    });
  };
}
