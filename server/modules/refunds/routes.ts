import type { FastifyPluginAsync } from 'fastify';
import { idParamsSchema } from '../../../contract/envelope';
import { refundCreateSchema, refundUpdateSchema } from '../../../contract/orders';
import type { AppContext } from '../../context';
import { requireRole, requireUser } from '../../http/auth';
import { badRequest } from '../../http/errors';
import { ok } from '../../http/reply';
import { parse } from '../../http/validate';
import { paymentDeps } from '../payments/routes';
import { listRefunds, requestRefund, updateRefundStatus } from './service';

/** `/api/refund/*`: customers request refunds of paid orders; admins settle them. */
export function refundRoutes(ctx: AppContext): FastifyPluginAsync {
  const { db } = ctx;
  return async (app) => {
    const deps = paymentDeps(ctx, app);

    app.post('/post', async (request, reply) => {
      const actor = requireUser(request);
      const refund = await requestRefund(db, actor, parse(refundCreateSchema, request.body));
      reply.status(201);
      return ok(refund, 'Refund request submitted!');
    });

    app.get('/', async (request) => ok(await listRefunds(db, requireUser(request)), 'Refund requests'));

    app.patch('/:id', async (request) => {
      requireRole(request, 'admin');
      const { id } = parse(idParamsSchema, request.params);
      const input = parse(refundUpdateSchema, request.body);
      if (input.id !== undefined && input.id !== id) throw badRequest('The refund id in the body does not match the URL');
      return ok(await updateRefundStatus(deps, id, input.status), 'Refund updated');
    });
  };
}
