import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { couponCreateSchema, couponListQuerySchema, couponListSchema, couponSchema, couponUpdateSchema } from '../../../contract/coupons';
import { idParamsSchema } from '../../../contract/envelope';
import type { AppContext } from '../../context';
import { ADMIN } from '../../http/auth';
import { answers, noData, ok } from '../../http/reply';
import { createCoupon, deleteCoupon, getCoupon, listCoupons, updateCoupon } from './service';

const tags = ['coupons'];
const config = { access: ADMIN };

/** `/api/coupons`: admins manage coupons; shoppers only ever apply one through an order or a quote. */
export function couponRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/coupons',
      {
        config,
        schema: { tags, summary: 'Coupons, newest first, with their uses so far', querystring: couponListQuerySchema, response: answers(couponListSchema) },
      },
      async (request) => ok(await listCoupons(db, request.query), 'Coupons'),
    );
    app.get('/coupons/:id', { config, schema: { tags, summary: 'One coupon', params: idParamsSchema, response: answers(couponSchema) } }, async (request) =>
      ok(await getCoupon(db, request.params.id), 'Coupon'),
    );
    app.post(
      '/coupons',
      { config, schema: { tags, summary: 'Create a coupon (codes are unique in any case)', body: couponCreateSchema, response: answers(couponSchema, [201]) } },
      async (request, reply) => {
        const coupon = await createCoupon(db, request.body);
        reply.status(201);
        return ok(coupon, 'Coupon created');
      },
    );
    app.put(
      '/coupons/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Change a coupon; only the fields given change, null clears',
          params: idParamsSchema,
          body: couponUpdateSchema,
          response: answers(couponSchema),
        },
      },
      async (request) => ok(await updateCoupon(db, request.params.id, request.body), 'Coupon updated'),
    );
    app.delete(
      '/coupons/:id',
      { config, schema: { tags, summary: 'Delete a coupon (orders keep its code and discount)', params: idParamsSchema, response: answers(noData) } },
      async (request) => {
        await deleteCoupon(db, request.params.id);
        return ok(null, 'Coupon deleted');
      },
    );
  };
}
