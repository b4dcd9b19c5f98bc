import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deliveryFeesInputSchema, deliveryFeesSchema } from '../../../contract/delivery';
import type { AppContext } from '../../context';
import { ADMIN } from '../../http/auth';
import { answers, ok } from '../../http/reply';
import { getDeliveryFees, setDeliveryFees } from './service';

const tags = ['delivery fee'];

/** `/api/shipping-fee/*`: anyone reads the delivery fees; admins set them. */
export function deliveryFeeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/get', { schema: { tags, summary: 'The delivery fees inside and outside Dhaka', response: answers(deliveryFeesSchema) } }, async () =>
      ok(await getDeliveryFees(ctx.db), 'Delivery fees'),
    );

    app.post(
      '/add',
      { config: { access: ADMIN }, schema: { tags, summary: 'Set the delivery fees', body: deliveryFeesInputSchema, response: answers(deliveryFeesSchema) } },
      async (request) => ok(await setDeliveryFees(ctx.db, request.body), 'Delivery fees updated'),
    );
  };
}
