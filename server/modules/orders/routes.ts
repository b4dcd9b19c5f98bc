import type { FastifyPluginAsync } from 'fastify';
import {
  customerIdParamsSchema,
  IDEMPOTENCY_HEADER,
  idempotencyKeySchema,
  orderCreateSchema,
  orderIdParamsSchema,
  orderStatusUpdateSchema,
} from '../../../contract/orders';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { ok } from '../../http/reply';
import { parse } from '../../http/validate';
import { paymentDeps } from '../payments/routes';
import { changeOrderStatus, orderFor, ordersOfCustomer, placeOrder } from './service';

/** `/api/order/*`: placing, listing, cancelling and invoicing orders. */
export function orderRoutes(ctx: AppContext): FastifyPluginAsync {
  const { db } = ctx;
  return async (app) => {
    const deps = paymentDeps(ctx, app);

    app.post('/post-order', async (request, reply) => {
      const actor = requireUser(request);
      const header = request.headers[IDEMPOTENCY_HEADER];
      const key = header === undefined ? undefined : parse(idempotencyKeySchema, Array.isArray(header) ? header[0] : header);
      const { created, placed } = await placeOrder(deps, actor, parse(orderCreateSchema, request.body), key);
      reply.status(created ? 201 : 200);
      return ok(placed, placed.url ? 'Order received, redirecting to payment...' : 'Order placed successfully!');
    });

    app.get('/get-order-by-customerId/:customerId', async (request) => {
      const actor = requireUser(request);
      const { customerId } = parse(customerIdParamsSchema, request.params);
      return ok(await ordersOfCustomer(db, actor, customerId), 'Orders');
    });

    app.patch('/update-status/:orderId', async (request) => {
      const actor = requireUser(request);
      const { orderId } = parse(orderIdParamsSchema, request.params);
      const { status } = parse(orderStatusUpdateSchema, request.body);
      return ok(await changeOrderStatus(db, actor, orderId, status), `Order ${status === 'cancelled' ? 'cancelled' : 'updated'}`);
    });

    app.get('/invoice/:orderId', async (request, reply) => {
      const actor = requireUser(request);
      const { orderId } = parse(orderIdParamsSchema, request.params);
      const pdf = await ctx.invoices.pdf(await orderFor(db, actor, orderId));
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="invoice-${orderId}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    });
  };
}
