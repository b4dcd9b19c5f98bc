import type { FastifyPluginAsync } from 'fastify';
import { changeRoleSchema, userSearchQuerySchema } from '../../../contract/auth';
import { idParamsSchema } from '../../../contract/envelope';
import type { AppContext } from '../../context';
import { requireRole } from '../../http/auth';
import { ok } from '../../http/reply';
import { parse } from '../../http/validate';
import { changeRole, deleteUser, listUsers, searchUsers } from './service';

/** User management: admin only. */
export function userRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/get-all-users', async (request) => {
      requireRole(request, 'admin');
      return ok(await listUsers(ctx.db), 'Users retrieved successfully');
    });

    app.get('/get-user-by-search', async (request) => {
      requireRole(request, 'admin');
      const query = parse(userSearchQuerySchema, request.query);
      return ok(await searchUsers(ctx.db, query), 'Users retrieved successfully');
    });

    app.patch('/change-role', async (request) => {
      const admin = requireRole(request, 'admin');
      const input = parse(changeRoleSchema, request.body);
      return ok(await changeRole(ctx.db, admin.id, input), 'User role updated successfully');
    });

    app.delete('/delete-user/:id', async (request) => {
      const admin = requireRole(request, 'admin');
      const { id } = parse(idParamsSchema, request.params);
      await deleteUser(ctx.db, ctx.media, admin.id, id);
      return ok(null, 'User deleted successfully');
    });
  };
}
