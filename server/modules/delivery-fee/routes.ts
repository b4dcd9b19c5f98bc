import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deliveryFeesAnswerSchema, deliveryFeesSchema, deliveryZonesAnswerSchema, deliveryZonesSchema } from '../../../contract/delivery';
import type { AppContext } from '../../context';
import { ADMIN } from '../../http/auth';
import { answers, ok } from '../../http/reply';
import { getDeliveryFees, getDeliveryZones, setDeliveryFees, setDeliveryZones } from './service';

const tags = ['delivery fee'];

/** `/api/delivery-zones`: anyone reads the delivery zones and their fees; admins replace them. */
export function deliveryFeeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '',
      { schema: { tags, summary: 'The delivery zones, their fees and free-delivery thresholds', response: answers(deliveryZonesAnswerSchema) } },
      async () => ok(await getDeliveryZones(ctx.db), 'Delivery zones'),
    );

    app.put(
      '',
      {
        config: { access: ADMIN },
        schema: { tags, summary: 'Replace the delivery zones', body: deliveryZonesSchema, response: answers(deliveryZonesAnswerSchema) },
      },
      async (request) => ok(await setDeliveryZones(ctx.db, request.body), 'Delivery zones updated'),
    );
  };
}

/** `/api/shipping-fee/*`, the specification's two fees over the zones: anyone reads them; admins set them. */
export function shippingFeeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/get',
      { schema: { tags, summary: 'The delivery fees inside Dhaka and to every other district', response: answers(deliveryFeesAnswerSchema) } },
      async () => ok(await getDeliveryFees(ctx.db), 'Delivery fees'),
    );

    app.post(
      '/add',
      {
        config: { access: ADMIN },
        schema: {
          tags,
          summary: 'Set the delivery fees inside Dhaka and to every other district',
          body: deliveryFeesSchema,
          response: answers(deliveryFeesAnswerSchema),
        },
      },
      async (request) => ok(await setDeliveryFees(ctx.db, request.body), 'Delivery fees updated'),
    );
  };
}
