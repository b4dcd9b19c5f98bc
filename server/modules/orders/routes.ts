import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerIdParamsSchema,
  IDEMPOTENCY_HEADER,
  idempotencyKeySchema,
  orderCreateSchema,
  orderIdParamsSchema,
  orderQuoteRequestSchema,
  orderQuoteSchema,
  orderSchema,
  orderStatusUpdateSchema,
  placedOrderSchema,
} from '../../../contract/orders';
import type { AppContext } from '../../context';
import { requireUser, SIGNED_IN, type AuthUser } from '../../http/auth';
import { clientKey } from '../../http/client-address';
import { requestLocale } from '../../http/locale';
import { answers, fileAnswer, ok, sendDocument } from '../../http/reply';
import { paymentDeps } from '../payments/routes';
import type { CouponGuesses } from './coupon-guesses';
import { changeOrderStatus, orderFor, ordersOfCustomer, placeOrder, quoteOrder } from './service';

const tags = ['orders'];
const config = { access: SIGNED_IN };

/** Other headers pass through untouched: the validated object replaces the request's headers. */
const orderHeadersSchema = z.looseObject({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema.optional() });

/** `/api/order/*`: placing, listing, cancelling and invoicing orders. */
export function orderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  const couponGuesses = (actor: AuthUser, request: FastifyRequest): CouponGuesses => ({ tallies: ctx.tallies, accountId: actor.id, client: clientKey(request.ip) });
  return async (app) => {
    const deps = paymentDeps(ctx, app);

    app.post(
      '/post-order',
      {
        config,
        schema: {
          tags,
          summary: 'Place an order; the server prices it. A repeated Idempotency-Key answers the first order (200)',
          headers: orderHeadersSchema,
          body: orderCreateSchema,
          response: answers(placedOrderSchema, [200, 201]),
        },
      },
      async (request, reply) => {
        const key = request.headers[IDEMPOTENCY_HEADER];
        const actor = requireUser(request);
        const { created, placed } = await placeOrder(deps, actor, request.body, key, requestLocale(request), couponGuesses(actor, request));
        reply.status(created ? 201 : 200);
        return ok(placed, placed.url ? 'Order received, redirecting to payment...' : 'Order placed successfully!');
      },
    );

    app.post(
      '/quote',
      {
        config,
        schema: {
          tags,
          summary: "What an order of these lines would cost now, with the coupon checked for this customer; nothing is placed or reserved",
          body: orderQuoteRequestSchema,
          response: answers(orderQuoteSchema),
        },
      },
      async (request) => {
        const actor = requireUser(request);
        return ok(await quoteOrder(db, actor, request.body, couponGuesses(actor, request)), 'Order total');
      },
    );

    app.get(
      '/get-order-by-customerId/:customerId',
      { config, schema: { tags, summary: "A customer's orders: your own (an admin: anyone's)", params: customerIdParamsSchema, response: answers(z.array(orderSchema)) } },
      async (request) => ok(await ordersOfCustomer(db, requireUser(request), request.params.customerId), 'Orders'),
    );

    app.patch(
      '/update-status/:orderId',
      {
        config,
        schema: {
          tags,
          summary: 'Change an order\'s status: a customer may cancel their own pending order; an admin may move any order',
          params: orderIdParamsSchema,
          body: orderStatusUpdateSchema,
          response: answers(orderSchema),
        },
      },
      async (request) => {
        const { status } = request.body;
        const order = await changeOrderStatus(deps, requireUser(request), request.params.orderId, status);
        return ok(order, `Order ${status === 'cancelled' ? 'cancelled' : 'updated'}`);
      },
    );

    app.get(
      '/invoice/:orderId',
      {
        config,
        schema: {
          tags,
          summary: "The order's invoice as a PDF",
          params: orderIdParamsSchema,
          response: fileAnswer('application/pdf', 'The invoice'),
        },
      },
      async (request, reply) => {
        const { orderId } = request.params;
        const pdf = await ctx.invoices.pdf(await orderFor(db, requireUser(request), orderId), requestLocale(request));
        return sendDocument(reply, { type: 'application/pdf', filename: `invoice-${orderId}.pdf`, body: pdf, disposition: 'attachment' });
      },
    );
  };
}
