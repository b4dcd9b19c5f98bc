import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderDetailSchema,
  adminOrderPageSchema,
  adminOrderQuerySchema,
  adminOrderStatusSchema,
  adminRefundPageSchema,
  adminRefundQuerySchema,
  dashboardSchema,
  ORDER_NOTE_MAX,
  ORDER_NOTES_MAX,
  orderNoteCreateSchema,
  orderNoteSchema,
  refundApproveSchema,
  refundIdParamsSchema,
  refundRejectSchema,
} from '../../../contract/back-office-orders';
import { orderIdParamsSchema, refundSchema } from '../../../contract/orders';
import type { AppContext } from '../../context';
import { ADMIN, requireUser } from '../../http/auth';
import { answers, fileAnswer, ok, sendDocument } from '../../http/reply';
import { courierBookingSchema } from '../../../contract/courier';
import { courierDeps } from '../couriers/routes';
import { approveRefund, refundQueue, rejectRefund } from '../refunds/service';
import { dashboard } from './dashboard';
import { addOrderNote, listOrderNotes } from './order-notes';
import { adminOrderDetail, bookOrderParcel, confirmOrderByPhone, moveOrder, orderQueue, orderQueueCsv, orderToPack, readOrderParcel } from './orders';

const config = { access: ADMIN };
/** `/api/admin/*`: the back office's dashboard, order queue and refunds; admins only. */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    const deps = ctx.payments;
    const couriers = courierDeps(ctx, app);

    app.get(
      '/dashboard',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'Orders and revenue today, 7 and 30 days; orders by status; refunds waiting; low stock; best sellers; revenue per day',
          response: answers(dashboardSchema),
        },
      },
      async () => ok(await dashboard(db), 'Dashboard'),
    );

    app.get(
      '/orders',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'The order queue: filtered, searched, newest first, one page with the total',
          querystring: adminOrderQuerySchema,
          response: answers(adminOrderPageSchema),
        },
      },
      async (request) => ok(await orderQueue(db, request.query), 'Orders'),
    );

    app.get(
      '/orders/export',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'The order queue with the same filters as CSV (all pages, at most 10,000 orders); cells that could start a formula are neutralised',
          querystring: adminOrderQuerySchema,
          response: fileAnswer('text/csv', 'The orders as CSV'),
        },
      },
      async (request, reply) => {
        const csv = await orderQueueCsv(db, request.query);
        return sendDocument(reply, { type: 'text/csv; charset=utf-8', filename: 'orders.csv', body: Buffer.from(csv, 'utf8'), disposition: 'attachment' });
      },
    );

    app.get(
      '/orders/:orderId',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'An order with its payment, refund request, history and the statuses it may move to',
          params: orderIdParamsSchema,
          response: answers(adminOrderDetailSchema),
        },
      },
      async (request) => ok(await adminOrderDetail(db, request.params.orderId), 'Order'),
    );

    app.patch(
      '/orders/:orderId/status',
      {
        config,
        schema: {
          tags: ['admin'],
          summary:
            'Move an order along pending → processing → shipped → delivered, or cancel it with a `reason` (shopCancelCodes) and a `note` (needed with `other`): stock returned, a paid order paid back; any other change is 409',
          params: orderIdParamsSchema,
          body: adminOrderStatusSchema,
          response: answers(adminOrderDetailSchema),
        },
      },
      async (request) => {
        const { status, reason, note } = request.body;
        return ok(await moveOrder(deps, requireUser(request), request.params.orderId, status, { reason, note }), `Order ${status}`);
      },
    );

    app.post(
      '/orders/:orderId/confirm-cash',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'Confirm a cash order that waits for its confirmation, after calling its phone; the admin and the time are kept in its history',
          params: orderIdParamsSchema,
          response: answers(adminOrderDetailSchema),
        },
      },
      async (request) => ok(await confirmOrderByPhone(db, requireUser(request), request.params.orderId), 'Order confirmed'),
    );

    app.post(
      '/orders/:orderId/courier',
      {
        config,
        schema: {
          tags: ['admin'],
          summary:
            "Hand an order in processing to a courier and mark it shipped: booked with the shop's courier (COD: the total of an unpaid order, else 0), or with `other` a courier typed in with its code; the customer is sent the code and link",
          params: orderIdParamsSchema,
          body: courierBookingSchema,
          response: answers(adminOrderDetailSchema),
        },
      },
      async (request) => ok(await bookOrderParcel(couriers, requireUser(request), request.params.orderId, request.body?.other), 'Parcel booked'),
    );

    app.post(
      '/orders/:orderId/courier/status',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: "Ask the shop's courier where the order's parcel is and apply it as its webhook would (once)",
          params: orderIdParamsSchema,
          response: answers(adminOrderDetailSchema),
        },
      },
      async (request) => ok(await readOrderParcel(couriers, request.params.orderId), 'Parcel status read'),
    );

    app.get(
      '/orders/:orderId/notes',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: "The back office's internal notes on an order, newest first; never shown to the customer",
          params: orderIdParamsSchema,
          response: answers(z.array(orderNoteSchema)),
        },
      },
      async (request) => ok(await listOrderNotes(db, request.params.orderId), 'Notes'),
    );

    app.post(
      '/orders/:orderId/notes',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: `Add an internal note to an order (at most ${ORDER_NOTE_MAX} characters, ${ORDER_NOTES_MAX} notes an order; 409 past it); answers its notes, newest first`,
          params: orderIdParamsSchema,
          body: orderNoteCreateSchema,
          response: answers(z.array(orderNoteSchema), [201]),
        },
      },
      async (request, reply) => {
        const notes = await addOrderNote(db, requireUser(request), request.params.orderId, request.body.body);
        reply.status(201);
        return ok(notes, 'Note added');
      },
    );

    app.get(
      '/orders/:orderId/packing-slip',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: "The order's packing slip as a PDF",
          params: orderIdParamsSchema,
          response: fileAnswer('application/pdf', 'The packing slip'),
        },
      },
      async (request, reply) => {
        const { orderId } = request.params;
        const { order, locale } = await orderToPack(db, orderId);
        const pdf = await ctx.invoices.packingSlip(order, locale);
        return sendDocument(reply, { type: 'application/pdf', filename: `packing-slip-${orderId}.pdf`, body: pdf, disposition: 'inline' });
      },
    );

    app.get(
      '/refunds',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'Refund requests of one status (default: waiting), oldest first, one page with the total',
          querystring: adminRefundQuerySchema,
          response: answers(adminRefundPageSchema),
        },
      },
      async (request) => ok(await refundQueue(db, request.query), 'Refund requests'),
    );

    app.post(
      '/refunds/:id/approve',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'Approve a refund: paid back through the gateway, or recorded as sent by hand to the refund number (payout manual, with its reference)',
          params: refundIdParamsSchema,
          body: refundApproveSchema,
          response: answers(refundSchema),
        },
      },
      async (request) => ok(await approveRefund(deps, requireUser(request), request.params.id, request.body), 'Refund approved'),
    );

    app.post(
      '/refunds/:id/reject',
      {
        config,
        schema: {
          tags: ['admin'],
          summary: 'Reject a refund request with a reason the customer is shown',
          params: refundIdParamsSchema,
          body: refundRejectSchema,
          response: answers(refundSchema),
        },
      },
      async (request) => ok(await rejectRefund(deps, requireUser(request), request.params.id, request.body.reason), 'Refund rejected'),
    );
  };
}
