import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productIdParamsSchema, productSchema, reviewCreateSchema } from '../../../contract/catalogue';
import { REVIEW_POSTED, REVIEW_UPDATED } from '../../../contract/catalogue-constants';
import type { AppContext } from '../../context';
import { requireUser, SIGNED_IN } from '../../http/auth';
import { answers, ok } from '../../http/reply';
import { postReview } from './service';

export function reviewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/products/:productId/reviews',
      {
        config: { access: SIGNED_IN },
        schema: {
          tags: ['products'],
          summary:
            'Review a product you received (a second review edits the first); answers the product with its reviews, rating and review count as they now are',
          params: productIdParamsSchema,
          body: reviewCreateSchema,
          response: answers(productSchema, [200, 201]),
        },
      },
      async (request, reply) => {
        const { product, edited } = await postReview(ctx.db, requireUser(request), request.params.productId, request.body.review);
        reply.status(edited ? 200 : 201);
        return ok(product, edited ? REVIEW_UPDATED : REVIEW_POSTED);
      },
    );
  };
}
