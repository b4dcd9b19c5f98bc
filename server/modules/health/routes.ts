import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { answers, ok } from '../../http/reply';
import { readiness } from './service';

const tags = ['health'];
const FALLBACK = { redis: 'Redis', database: 'the database', memory: "this process's memory" } as const;
const healthSchema = z.object({ status: z.literal('up') });
const readinessSchema = z.object({
  database: z.enum(['up', 'down']),
  migrations: z.enum(['applied', 'pending', 'unknown']),
  rateLimits: z.object({
    countedIn: z.enum(['redis', 'database', 'memory']),
    degraded: z.boolean().describe('Redis is configured for the rate limits and does not answer: they count in the database (or memory) meanwhile'),
  }),
});

/**
 * `GET /api/health` (the process is up) and `GET /api/ready` (it can serve: database reachable, migrations applied, not draining after SIGTERM),
 * for load balancers and container health checks. Registered outside `/api`'s hooks, so no token, cookie or session is
 * read, and never cached.
 */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('Cache-Control', 'no-store');
      return payload;
    });

    app.get('/api/health', { schema: { tags, summary: 'The process is up', response: answers(healthSchema) } }, async () =>
      ok({ status: 'up' as const }, 'OK'),
    );

    app.get(
      '/api/ready',
      {
        schema: {
          tags,
          summary: 'The database answers and has every migration, and the process is not shutting down (503 when not)',
          response: answers(readinessSchema),
        },
      },
      async () => {
        if (ctx.lifecycle.draining) throw new HttpError(503, 'Not ready: shutting down');
        const state = await readiness(ctx.db);
        if (state.database === 'down') throw new HttpError(503, 'Not ready: the database does not answer');
        if (state.migrations !== 'applied') throw new HttpError(503, 'Not ready: database migrations are pending');
        // Still ready: the limits hold in the fallback; the body and the metrics tell the operator.
        const rateLimits = ctx.rateLimits();
        return ok(
          { ...state, rateLimits },
          rateLimits.degraded ? `Ready, degraded: Redis does not answer; rate limits count in ${FALLBACK[rateLimits.countedIn]}` : 'Ready',
        );
      },
    );
  };
}
