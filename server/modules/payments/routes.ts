import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import { gatewaySettings, paymentGateway } from './gateway';
import { handleCallback, type PaymentDeps } from './service';
import { acceptFormPosts, formFields, gatewayTransport } from './transport';

/** What every module that opens payments or refunds needs: the database, the configured gateway and our public URL. */
export function paymentDeps(ctx: AppContext, app: FastifyInstance): PaymentDeps {
  return {
    db: ctx.db,
    gateway: paymentGateway(gatewaySettings(ctx.config), gatewayTransport(app, ctx.config.publicUrl)),
    publicUrl: ctx.config.publicUrl,
  };
}

/**
 * `/api/payment/*`: the gateway's server-to-server IPN, and the success / fail / cancel posts through which the
 * gateway hands the browser back; those end with a 303 to the payment result page.
 */
export function paymentRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    acceptFormPosts(app);
    const deps = paymentDeps(ctx, app);

    app.post('/ipn', async (request, reply) => {
      const outcome = await handleCallback(deps, formFields(request.body));
      if (!outcome.accepted) return reply.status(400).send({ success: false, message: 'IPN not accepted' });
      return ok({ tran_id: outcome.tranId, paid: outcome.paid }, 'IPN received');
    });

    for (const path of ['/success', '/fail', '/cancel']) {
      app.post(path, async (request, reply) => {
        const outcome = await handleCallback(deps, formFields(request.body));
        const tranId = encodeURIComponent(outcome.tranId ?? 'unknown');
        return reply.redirect(outcome.paid ? `/payment/success/${tranId}` : `/payment/failed/${tranId}`, 303);
      });
    }
  };
}
