import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pushEndpointSchema, pushKeySchema, pushSubscriptionSchema } from '../../../contract/push';
import type { AppContext } from '../../context';
import { requireUser, SIGNED_IN } from '../../http/auth';
import { answers, noData, ok } from '../../http/reply';
import { removeSubscription, saveSubscription } from './service';

const tags = ['notifications'];

/** `/api/push/*`: the shop's VAPID key, and the devices that receive the signed-in user's order notifications. */
export function pushRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  return async (app) => {
    app.get(
      '/key',
      { schema: { tags, summary: 'The public key browsers subscribe with (applicationServerKey)', response: answers(pushKeySchema) } },
      async () => ok({ publicKey: config.push.vapid.publicKey }),
    );

    app.post(
      '/subscriptions',
      {
        config: { access: SIGNED_IN },
        schema: {
          tags,
          summary: "Receive your order notifications on this device: its PushSubscription's JSON",
          body: pushSubscriptionSchema,
          response: answers(noData),
        },
      },
      async (request) => {
        await saveSubscription(db, requireUser(request).id, request.body, config.push);
        return ok(null, 'Notifications are on for this device');
      },
    );

    app.delete(
      '/subscriptions',
      {
        config: { access: SIGNED_IN },
        schema: { tags, summary: 'Stop notifications on this device (by its endpoint; only your own)', body: pushEndpointSchema, response: answers(noData) },
      },
      async (request) => {
        await removeSubscription(db, requireUser(request).id, request.body.endpoint);
        return ok(null, 'Notifications are off for this device');
      },
    );
  };
}
