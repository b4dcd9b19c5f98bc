import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../contract/envelope';
import { refundCreateSchema, refundSchema, refundUpdateSchema } from '../../../contract/orders';
import type { AppContext } from '../../context';
import { ADMIN, requireUser, SIGNED_IN } from '../../http/auth';
import { badRequest } from '../../http/errors';
import { answers, ok } from '../../http/reply';
import { listRefunds, requestRefund, updateRefundStatus } from './service';

const tags = ['refunds'];

/** `/api/refund/*`: customers request refunds of paid orders; admins settle them. */
export function refundRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    const deps = ctx.payments;

    app.post(
      '/post',
      {
        config: { access: SIGNED_IN },
        schema: { tags, summary: 'Request the refund of a paid order (cancels it)', body: refundCreateSchema, response: answers(refundSchema, [201]) },
      },
      async (request, reply) => {
        const refund = await requestRefund(deps, requireUser(request), request.body);
        reply.status(201);
        return ok(refund, 'Refund request submitted!');
      },
    );

    app.get(
      '/',
      {
        config: { access: SIGNED_IN },
        schema: { tags, summary: "The caller's refund requests (an admin: everyone's)", response: answers(z.array(refundSchema)) },
      },
      async (request) => ok(await listRefunds(db, requireUser(request)), 'Refund requests'),
    );

    app.patch(
      '/:id',
      {
        config: { access: ADMIN },
        schema: {
          tags,
          summary:
            'Settle a refund request: `refunded` pays it back (through the gateway, or recorded as sent by hand with `reference`), `rejected` needs a `reason`',
          params: idParamsSchema,
          body: refundUpdateSchema,
          response: answers(refundSchema),
        },
      },
      async (request) => {
        const { id } = request.params;
        const { body } = request;
        if (body.id !== undefined && body.id !== id) throw badRequest('The refund id in the body does not match the URL');
        return ok(await updateRefundStatus(deps, requireUser(request), id, body), 'Refund updated');
      },
    );
  };
}
