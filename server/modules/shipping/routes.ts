import type { FastifyPluginAsync } from 'fastify';
import { deliveryFeesSchema } from '../../../contract/delivery';
import type { AppContext } from '../../context';
import { requireRole } from '../../http/auth';
import { ok } from '../../http/reply';
import { parse } from '../../http/validate';
import { getShippingFees, setShippingFees } from './service';

/** `/api/shipping-fee/*`: anyone reads the delivery fees; admins set them. */
export function shippingRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/get', async () => ok(await getShippingFees(ctx.db), 'Shipping fees'));

    app.post('/add', async (request) => {
      requireRole(request, 'admin');
      return ok(await setShippingFees(ctx.db, parse(deliveryFeesSchema, request.body)), 'Shipping fees updated');
    });
  };
}
