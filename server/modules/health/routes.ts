import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { ok } from '../../http/reply';
import { readiness } from './service';

/**
 * `GET /api/health` (the process is up) and `GET /api/ready` (it can serve: database reachable, migrations applied),
 * for load balancers and container health checks. Registered outside `/api`'s hooks, so no token, cookie or session is
 * read, and never cached.
 */
export function healthRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('Cache-Control', 'no-store');
      return payload;
    });

    app.get('/api/health', async () => ok({ status: 'up' as const }, 'OK'));

    app.get('/api/ready', async () => {
      const state = await readiness(ctx.db);
      if (state.database === 'down') throw new HttpError(503, 'Not ready: the database does not answer');
      if (state.migrations !== 'applied') throw new HttpError(503, 'Not ready: database migrations are pending');
      return ok(state, 'Ready');
    });
  };
}
