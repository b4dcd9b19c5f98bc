import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiMessage } from '../../../contract/api-messages';
import { tranIdParamsSchema } from '../../../contract/orders';
import type { AppContext } from '../../context';
import { requireUser, SIGNED_IN } from '../../http/auth';
import { failure } from '../../http/errors';
import { answers, ok } from '../../http/reply';
import { gatewayFieldsSchema } from './protocol';
import { handleCallback, payAgain } from './service';
import { acceptFormPosts } from './transport';

const tags = ['payments'];
const FORM = ['application/x-www-form-urlencoded'];
const ipnResultSchema = z.object({ tran_id: z.string().nullable(), paid: z.boolean() });
const toResultPage = { 303: z.null().describe('A redirect to the payment result page, /payment/success/{tran_id} or /payment/failed/{tran_id}') };

/**
 * `/api/payment/*`: the gateway's server-to-server IPN, and the success / fail / cancel posts through which the
 * gateway hands the browser back; those end with a 303 to the payment result page. Every one is checked by its
 * `verify_sign` and the gateway's validation API before anything changes.
 */
export function paymentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    acceptFormPosts(app);
    const deps = ctx.payments;

    app.post(
      '/ipn',
      {
        schema: { tags, summary: "The gateway's instant payment notification", consumes: FORM, body: gatewayFieldsSchema, response: answers(ipnResultSchema) },
      },
      async (request, reply) => {
        const outcome = await handleCallback(deps, request.body);
        if (!outcome.accepted) return reply.status(400).send(failure(apiMessage('ipnNotAccepted')));
        return ok({ tran_id: outcome.tranId, paid: outcome.paid }, 'IPN received');
      },
    );

    app.post(
      '/retry/:tranId',
      {
        config: { access: SIGNED_IN },
        schema: {
          tags,
          summary: "Pay now: another try at paying one's own unpaid online order; answers the gateway page to open",
          params: tranIdParamsSchema,
          response: answers(z.object({ url: z.string() })),
        },
      },
      async (request) => ok({ url: await payAgain(deps, requireUser(request), request.params.tranId) }, 'Redirecting to payment...'),
    );

    for (const path of ['/success', '/fail', '/cancel']) {
      app.post(
        path,
        {
          schema: { tags, summary: `The gateway hands the browser back (${path.slice(1)})`, consumes: FORM, body: gatewayFieldsSchema, response: toResultPage },
        },
        async (request, reply) => {
          const outcome = await handleCallback(deps, request.body);
          const tranId = encodeURIComponent(outcome.tranId ?? 'unknown');
          return reply.redirect(outcome.paid ? `/payment/success/${tranId}` : `/payment/failed/${tranId}`, 303);
        },
      );
    }
  };
}
