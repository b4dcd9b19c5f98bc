import type { FastifyPluginAsync } from 'fastify';
import { productIdParamsSchema, reviewCreateSchema } from '../../../contract/catalogue';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { ok } from '../../http/reply';
import { parse } from '../../http/validate';
import { postReview } from './service';

export function reviewRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    /** Answers the product as it now is: its reviews, rating and review count. */
    app.post('/products/:productId/reviews', async (request, reply) => {
      const actor = requireUser(request);
      const { productId } = parse(productIdParamsSchema, request.params);
      const { review } = parse(reviewCreateSchema, request.body);
      reply.status(201);
      return ok(await postReview(ctx.db, actor, productId, review), 'Review submitted successfully');
    });
  };
}
