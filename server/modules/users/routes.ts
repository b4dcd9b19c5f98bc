import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeRoleSchema, publicUserSchema, userListQuerySchema, userListSchema, userSearchQuerySchema } from '../../../contract/auth';
import { idParamsSchema } from '../../../contract/envelope';
import type { AppContext } from '../../context';
import { ADMIN, requireUser } from '../../http/auth';
import { answers, noData, ok } from '../../http/reply';
import { changeRole, deleteUser, listUserPage, listUsers, searchUsers } from './service';

const tags = ['users'];
const config = { access: ADMIN };

/** User management: admin only. */
export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/get-all-users', { config, schema: { tags, summary: 'Every user', response: answers(z.array(publicUserSchema)) } }, async () =>
      ok(await listUsers(ctx.db), 'Users retrieved successfully'),
    );

    app.get(
      '/get-user-by-search',
      {
        config,
        schema: { tags, summary: 'Users by name, email or phone, and role', querystring: userSearchQuerySchema, response: answers(z.array(publicUserSchema)) },
      },
      async (request) => ok(await searchUsers(ctx.db, request.query), 'Users retrieved successfully'),
    );

    app.get(
      '/users',
      {
        config,
        schema: {
          tags,
          summary: 'One page of users, newest first, by name, email or phone and role, with the number of matches',
          querystring: userListQuerySchema,
          response: answers(userListSchema),
        },
      },
      async (request) => ok(await listUserPage(ctx.db, request.query), 'Users retrieved successfully'),
    );

    app.patch(
      '/change-role',
      {
        config,
        schema: {
          tags,
          summary: "Change a user's role (never one's own, never the last admin's)",
          body: changeRoleSchema,
          response: answers(publicUserSchema),
        },
      },
      async (request) => ok(await changeRole(ctx.db, requireUser(request).id, request.body), 'User role updated successfully'),
    );

    app.delete(
      '/delete-user/:id',
      { config, schema: { tags, summary: 'Delete a user (never oneself, never the last admin)', params: idParamsSchema, response: answers(noData) } },
      async (request) => {
        await deleteUser(ctx.db, ctx.media, requireUser(request).id, request.params.id);
        return ok(null, 'User deleted successfully');
      },
    );
  };
}
