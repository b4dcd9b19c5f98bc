import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressIdParamsSchema, savedAddressesSchema, savedAddressInputSchema } from '../../../contract/addresses';
import type { AppContext } from '../../context';
import { requireUser, SIGNED_IN } from '../../http/auth';
import { answers, ok } from '../../http/reply';
import { addAddress, editAddress, listAddresses, removeAddress, setDefaultAddress } from './service';

const tags = ['addresses'];
const config = { access: SIGNED_IN };

/** Mounted at /addresses: the caller's own delivery addresses. Every answer carries the list as it now is. */
export function addressRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    app.get('', { config, schema: { tags, summary: 'My delivery addresses, the default first', response: answers(savedAddressesSchema) } }, async (request) =>
      ok(await listAddresses(db, requireUser(request).id), 'Addresses'),
    );

    app.post(
      '',
      { config, schema: { tags, summary: 'Add a delivery address', body: savedAddressInputSchema, response: answers(savedAddressesSchema, [201]) } },
      async (request, reply) => {
        reply.code(201);
        return ok(await addAddress(db, requireUser(request).id, request.body), 'Address added');
      },
    );

    app.put(
      '/:addressId',
      {
        config,
        schema: {
          tags,
          summary: 'Change a delivery address',
          params: addressIdParamsSchema,
          body: savedAddressInputSchema,
          response: answers(savedAddressesSchema),
        },
      },
      async (request) => ok(await editAddress(db, requireUser(request).id, request.params.addressId, request.body), 'Address changed'),
    );

    app.post(
      '/:addressId/default',
      { config, schema: { tags, summary: 'Make a delivery address the default', params: addressIdParamsSchema, response: answers(savedAddressesSchema) } },
      async (request) => ok(await setDefaultAddress(db, requireUser(request).id, request.params.addressId), 'Default address set'),
    );

    app.delete(
      '/:addressId',
      { config, schema: { tags, summary: 'Remove a delivery address', params: addressIdParamsSchema, response: answers(savedAddressesSchema) } },
      async (request) => ok(await removeAddress(db, requireUser(request).id, request.params.addressId), 'Address removed'),
    );
  };
}
