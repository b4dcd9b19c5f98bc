import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sellerOrderPageSchema, sellerOrderQuerySchema, sellerRevenueSchema } from '../../../contract/back-office-orders';
import type { AppContext } from '../../context';
import { requireUser, SELLER_OR_ADMIN } from '../../http/auth';
import { answers, ok } from '../../http/reply';
import { sellerOrders, sellerRevenue } from './seller';

const config = { access: SELLER_OR_ADMIN };

/** `/api/seller/*`: a seller's orders and revenue — their own products' lines only. */
export function sellerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/orders',
      {
        config,
        schema: {
          tags: ['seller'],
          summary: "Orders holding the caller's products: their lines only, with the customer's name, phone and delivery address",
          querystring: sellerOrderQuerySchema,
          response: answers(sellerOrderPageSchema),
        },
      },
      async (request) => ok(await sellerOrders(db, requireUser(request), request.query), 'Orders'),
    );

    app.get(
      '/revenue',
      {
        config,
        schema: {
          tags: ['seller'],
          summary: "The caller's revenue today, in 7 and in 30 days: their lines of paid orders not cancelled",
          response: answers(sellerRevenueSchema),
        },
      },
      async (request) => ok(await sellerRevenue(db, requireUser(request)), 'Revenue'),
    );
  };
}
