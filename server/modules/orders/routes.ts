import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cashCodeSchema,
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
import { apiMessage } from '../../../contract/api-messages';
import type { AppContext } from '../../context';
import { requireUser, SIGNED_IN, type AuthUser } from '../../http/auth';
import { clientKey } from '../../http/client-address';
import { eventStreams } from '../../http/event-stream';
import { requestLocale } from '../../http/locale';
import { HttpError, loggableError } from '../../http/errors';
import { answers, fileAnswer, ok, sendDocument } from '../../http/reply';
import type { CouponGuesses } from './coupon-guesses';
import { confirmCashOrder, resendCashCode, type CashConfirmationDeps } from './cash-confirmation';
import { orderUpdates } from './live-updates';
import { changeOrderStatus, orderFor, ordersOfCustomer, placeOrder, quoteOrder } from './service';

const tags = ['orders'];
const config = { access: SIGNED_IN };

/** Other headers pass through untouched: the validated object replaces the request's headers. */
const orderHeadersSchema = z.looseObject({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema.optional() });

/** `/api/order/*`: placing, listing, cancelling and invoicing orders. */
export function orderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  const couponGuesses = (actor: AuthUser, request: FastifyRequest): CouponGuesses => ({
    tallies: ctx.tallies,
    accountId: actor.id,
    client: clientKey(request.ip),
  });
  const cash: CashConfirmationDeps = {
    settings: ctx.config.cashConfirmation,
    secret: ctx.config.jwtSecret,
    courier: ctx.courier,
    tallies: ctx.tallies,
    publicUrl: ctx.config.publicUrl,
  };
  /** Codes are guessable and sending one costs an SMS: both are limited per client address as well as per order and account. */
  const limited = { ...config, rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } };
  return async (app) => {
    const deps = ctx.payments;
    const updates = orderUpdates(db, ctx.changes, (error) => app.log.error({ err: loggableError(error) }, 'order updates failed'));
    const streams = eventStreams(app);

    app.get(
      '/events',
      {
        config,
        schema: {
          tags,
          summary:
            'Server-sent events: `order` with `{ orderId, kind, to }` each time one of your orders changes (status, payment or confirmation), while the stream is open. At most 5 open per account (429)',
          response: fileAnswer('text/event-stream', "The stream of your orders' changes"),
        },
      },
      async (request, reply) => {
        const actor = requireUser(request);
        // Updates are told after a read of the database, never before the stream below is open.
        const opened = updates.open(actor.id, (update) => stream.send('order', update));
        if (opened.kind === 'account-full') throw new HttpError(429, apiMessage('orderUpdatesTooMany'), undefined, 60);
        if (opened.kind === 'full') throw new HttpError(503, apiMessage('busy'), undefined, 30);
        const stream = streams.open(reply, opened.close);
      },
    );

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
        const { created, placed } = await placeOrder(deps, actor, request.body, key, requestLocale(request), couponGuesses(actor, request), cash);
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
          summary: 'What an order of these lines would cost now, with the coupon checked for this customer; nothing is placed or reserved',
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
      {
        config,
        schema: {
          tags,
          summary: "A customer's orders: your own (an admin: anyone's)",
          params: customerIdParamsSchema,
          response: answers(z.array(orderSchema)),
        },
      },
      async (request) => ok(await ordersOfCustomer(db, requireUser(request), request.params.customerId), 'Orders'),
    );

    app.patch(
      '/update-status/:orderId',
      {
        config,
        schema: {
          tags,
          summary:
            "Change an order's status: a customer may cancel their own pending order, with a `reason` (customerCancelCodes) and a `note` (needed with `other`); an admin may move any order",
          params: orderIdParamsSchema,
          body: orderStatusUpdateSchema,
          response: answers(orderSchema),
        },
      },
      async (request) => {
        const { status, reason, note } = request.body;
        const order = await changeOrderStatus(deps, requireUser(request), request.params.orderId, status, { reason, note });
        return ok(order, `Order ${status === 'cancelled' ? 'cancelled' : 'updated'}`);
      },
    );

    app.post(
      '/confirm-cash/:orderId',
      {
        config: limited,
        schema: {
          tags,
          summary: 'Confirm your cash order with the code sent by SMS to its phone; wrong codes are limited per order and per account',
          params: orderIdParamsSchema,
          body: cashCodeSchema,
          response: answers(orderSchema),
        },
      },
      async (request) => {
        const actor = requireUser(request);
        await confirmCashOrder(db, cash, actor, request.params.orderId, request.body.code);
        return ok(await orderFor(db, actor, request.params.orderId), 'Order confirmed');
      },
    );

    app.post(
      '/confirm-cash/:orderId/resend',
      {
        config: limited,
        schema: {
          tags,
          summary: "Send a new code to your cash order's phone: one a minute, a few per order",
          params: orderIdParamsSchema,
          response: answers(orderSchema),
        },
      },
      async (request) => {
        const actor = requireUser(request);
        await resendCashCode(db, cash, actor, request.params.orderId);
        return ok(await orderFor(db, actor, request.params.orderId), 'A new code is on its way');
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
