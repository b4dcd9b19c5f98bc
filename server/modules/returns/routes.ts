import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReturnQuerySchema,
  adminReturnSchema,
  customerReturnSchema,
  returnApproveSchema,
  returnCreateSchema,
  returnIdParamsSchema,
  returnRefundSchema,
  returnRejectSchema,
} from '../../../contract/returns';
import type { AppContext } from '../../context';
import { ADMIN, requireUser, SIGNED_IN } from '../../http/auth';
import { clientKey } from '../../http/client-address';
import { answers, ok } from '../../http/reply';
import { approveReturn, receiveReturn, refundReturn, rejectReturn, requestReturn, returnQueue, returnsOfCustomer, type ReturnDeps } from './service';

const tags = ['returns'];

/** What the returns' routes need: the payments' and the shop's return window. */
const returnDeps = (ctx: AppContext): ReturnDeps => ({ ...ctx.payments, windowDays: ctx.config.returnWindowDays });

/** `/api/returns`: a customer asks to return items of a delivered order, and follows their returns. */
export function returnRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const deps = returnDeps(ctx);

    app.post(
      '/',
      {
        config: { access: SIGNED_IN },
        schema: {
          tags,
          summary:
            "Ask to return lines of one's own delivered order within the return window: the lines (by their place in the order) and units, the reason, and for cash or mobile banking the number to pay back to",
          body: returnCreateSchema,
          response: answers(customerReturnSchema, [201]),
        },
      },
      async (request, reply) => {
        const actor = requireUser(request);
        const asked = await requestReturn(deps, actor, request.body, { tallies: ctx.tallies, accountId: actor.id, client: clientKey(request.ip) });
        reply.status(201);
        return ok(asked, 'Return requested');
      },
    );

    app.get(
      '/',
      { config: { access: SIGNED_IN }, schema: { tags, summary: "The caller's returns, newest first", response: answers(z.array(customerReturnSchema)) } },
      async (request) => ok(await returnsOfCustomer(ctx.db, requireUser(request)), 'Returns'),
    );
  };
}

const config = { access: ADMIN };

/** `/api/admin/returns`: the back office decides return requests, marks parcels received and pays returns back. */
export function adminReturnRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const deps = returnDeps(ctx);

    app.get(
      '/',
      {
        config,
        schema: {
          tags,
          summary: 'Returns of one status (requested by default), oldest first, at most 100',
          querystring: adminReturnQuerySchema,
          response: answers(z.array(adminReturnSchema)),
        },
      },
      async (request) => ok(await returnQueue(ctx.db, request.query.status), 'Returns'),
    );

    app.post(
      '/:id/approve',
      {
        config,
        schema: {
          tags,
          summary: 'Approve a return request: the courier collects the parcel, or the customer drops it off',
          params: returnIdParamsSchema,
          body: returnApproveSchema,
          response: answers(adminReturnSchema),
        },
      },
      async (request) => ok(await approveReturn(deps, requireUser(request), request.params.id, request.body.pickup), 'Return approved'),
    );

    app.post(
      '/:id/reject',
      {
        config,
        schema: {
          tags,
          summary: 'Reject a return request with a reason the customer is shown',
          params: returnIdParamsSchema,
          body: returnRejectSchema,
          response: answers(adminReturnSchema),
        },
      },
      async (request) => ok(await rejectReturn(deps, requireUser(request), request.params.id, request.body.reason), 'Return rejected'),
    );

    app.post(
      '/:id/received',
      {
        config,
        schema: {
          tags,
          summary: "Mark an approved return's parcel received: its units go back to stock, once",
          params: returnIdParamsSchema,
          response: answers(adminReturnSchema),
        },
      },
      async (request) => ok(await receiveReturn(deps, requireUser(request), request.params.id), 'Return received'),
    );

    app.post(
      '/:id/refund',
      {
        config,
        schema: {
          tags,
          summary: 'Pay a received return back: through the gateway (the default for an order paid there), or recorded as sent by hand with `reference`',
          params: returnIdParamsSchema,
          body: returnRefundSchema,
          response: answers(adminReturnSchema),
        },
      },
      async (request) => ok(await refundReturn(deps, requireUser(request), request.params.id, request.body), 'Return refunded'),
    );
  };
}
