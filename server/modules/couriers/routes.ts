import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiMessage } from '../../../contract/api-messages';
import { courierProviders, type CourierProvider } from '../../../contract/courier';
import { text } from '../../../contract/text';
import type { AppContext } from '../../context';
import { ADMIN } from '../../http/auth';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { answers, ok } from '../../http/reply';
import type { ParcelCourier } from './parcel-courier';
import { pathaoCourier } from './pathao';
import { redxCourier } from './redx';
import {
  createSandboxParcel,
  moveSandboxParcel,
  sandboxCourier,
  sandboxCourierSettings,
  sandboxCreateSchema,
  sandboxMerchant,
  sandboxParcelOf,
  SIGNATURE_HEADER,
} from './sandbox';
import { applyParcelUpdate, type CourierDeps } from './service';
import { returnAwaitsCourier } from '../returns/service';
import { steadfastCourier } from './steadfast';
import { courierTransport, ownTransport } from './transport';

/** Where the sandbox courier answers, below the API. */
const SANDBOX_PATH = '/api/courier/sandbox';

/** The configured courier, reached only at its configured base URL (the sandbox: inside this process). */
export function parcelCourier(ctx: Pick<AppContext, 'config'>, app: FastifyInstance): ParcelCourier {
  const { courier, publicUrl, jwtSecret } = ctx.config;
  const options = { allowLoopback: courier.allowLoopback };
  switch (courier.provider) {
    case 'sandbox':
      return sandboxCourier(sandboxCourierSettings(jwtSecret, publicUrl), ownTransport(app, SANDBOX_PATH));
    case 'steadfast':
      return steadfastCourier(courier, courierTransport(courier.baseUrl, options));
    case 'pathao':
      return pathaoCourier(courier, courierTransport(courier.baseUrl, options));
    case 'redx':
      return redxCourier(courier, courierTransport(courier.baseUrl, options));
  }
}

export function courierDeps(ctx: Pick<AppContext, 'config' | 'payments'>, app: FastifyInstance): CourierDeps {
  return { ...ctx.payments, courier: parcelCourier(ctx, app), log: app.log };
}

const tags = ['couriers'];
const anyAnswer = z.unknown().describe("The courier's own answer: what it expects back");
const refusal = answers(z.null())['4xx'];
const providerParamsSchema = z.object({ provider: z.enum(courierProviders, 'No such courier') });
const trackingParamsSchema = z.object({ trackingCode: text('No such parcel').max(40, 'No such parcel') });
const consignmentParamsSchema = z.object({ consignmentId: text('No such parcel').max(64, 'No such parcel') });
const webhookQuerySchema = z.object({ token: text().max(200).optional() });
const sandboxParcelSchema = z.object({
  tracking_code: z.string(),
  status: z.enum(['booked', 'delivered', 'returned']),
  cod_amount: z.number(),
  updated_at: z.string(),
});

/**
 * `/api/courier/*`: each courier's webhook, checked by its secret or signature before anything is read; and, with
 * COURIER_PROVIDER=sandbox, the sandbox courier itself.
 */
export function courierRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const deps = courierDeps(ctx, app);
    const provider: CourierProvider = ctx.config.courier.provider;

    app.post(
      '/:provider/webhook',
      {
        schema: {
          tags,
          summary: "A courier's update of a parcel (its secret or signature checked); applied once, however often and in whatever order it comes",
          params: providerParamsSchema,
          querystring: webhookQuerySchema,
          body: z.unknown(),
          response: { 200: anyAnswer, 202: anyAnswer, '4xx': refusal },
        },
      },
      async (request, reply) => {
        // Only the shop's own courier is heard: another's webhook has nothing to update.
        if (request.params.provider !== provider) throw notFound(apiMessage('notFound'));
        const outcome = deps.courier.webhook({ headers: request.headers, query: request.query, body: request.body });
        if (outcome.kind === 'refused') throw new HttpError(401, apiMessage('courierWebhookRefused'));
        if (outcome.kind === 'invalid') throw badRequest(apiMessage('courierWebhookInvalid'));
        if (outcome.kind === 'update') {
          const applied = await applyParcelUpdate(deps, provider, outcome.update);
          request.log.info({ provider, consignmentId: outcome.update.consignmentId, status: outcome.update.status, applied }, 'courier update');
        }
        const { status, headers = {}, body } = outcome.reply;
        return reply.status(status).headers(headers).send(body);
      },
    );

    if (provider !== 'sandbox') return;
    const settings = sandboxCourierSettings(ctx.config.jwtSecret, ctx.config.publicUrl);

    app.post(
      '/sandbox/create_order',
      {
        schema: {
          tags: ['sandbox courier'],
          summary: 'Book a parcel (the sandbox merchant API, Api-Key and Secret-Key headers)',
          body: sandboxCreateSchema,
          response: { 200: anyAnswer, '4xx': refusal },
        },
      },
      async (request) => {
        if (!sandboxMerchant(settings, request.headers)) throw new HttpError(401, apiMessage('sandboxCourierKeyWrong'));
        const consignment = await createSandboxParcel(ctx.db, request.body);
        if (!consignment) throw conflict(apiMessage('parcelInvoiceTaken'));
        return { status: 200, message: 'Consignment has been created successfully.', consignment: { ...consignment, status: 'booked' } };
      },
    );

    app.get(
      '/sandbox/status_by_cid/:consignmentId',
      {
        schema: {
          tags: ['sandbox courier'],
          summary: "A parcel's status (the sandbox merchant API)",
          params: consignmentParamsSchema,
          response: { 200: anyAnswer, '4xx': refusal },
        },
      },
      async (request) => {
        if (!sandboxMerchant(settings, request.headers)) throw new HttpError(401, apiMessage('sandboxCourierKeyWrong'));
        const parcel = await sandboxParcelOf(ctx.db, { consignmentId: request.params.consignmentId });
        if (!parcel) throw notFound(apiMessage('noSuchParcel'));
        return { status: 200, delivery_status: parcel.status };
      },
    );

    app.get(
      '/sandbox/track/:trackingCode',
      {
        schema: {
          tags: ['sandbox courier'],
          summary: "The sandbox courier's tracking page: where a parcel is",
          params: trackingParamsSchema,
          response: answers(sandboxParcelSchema),
        },
      },
      async (request) => {
        const parcel = await sandboxParcelOf(ctx.db, { trackingCode: request.params.trackingCode });
        if (!parcel) throw notFound(apiMessage('noSuchParcel'));
        return ok(
          { tracking_code: parcel.trackingCode, status: parcel.status, cod_amount: parcel.codAmount, updated_at: parcel.updatedAt.toISOString() },
          'Parcel',
        );
      },
    );

    for (const [action, to] of [
      ['deliver', 'delivered'],
      ['return', 'returned'],
    ] as const) {
      app.post(
        `/sandbox/${action}/:trackingCode`,
        {
          config: { access: ADMIN },
          schema: {
            tags: ['sandbox courier'],
            summary: `The sandbox courier ${to === 'delivered' ? 'delivers the parcel' : 'brings the parcel back to the shop (undelivered, or once delivered when it collects an approved return)'} and calls the shop's webhook, signed, as a real courier would (admins only)`,
            params: trackingParamsSchema,
            response: answers(sandboxParcelSchema),
          },
        },
        async (request) => {
          const { trackingCode } = request.params;
          const parcel = await sandboxParcelOf(ctx.db, { trackingCode });
          if (!parcel) throw notFound(apiMessage('noSuchParcel'));
          const collect = to === 'returned' && parcel.status === 'delivered' && (await returnAwaitsCourier(ctx.db, trackingCode));
          const moved = await moveSandboxParcel(ctx.db, settings, trackingCode, to, collect);
          if (!moved) throw conflict(apiMessage('parcelNotOnItsWay', parcel.status));
          // Like a courier, the webhook goes to the shop's URL; the shop's answer is its own.
          const res = await app.inject({
            method: 'POST',
            url: `${SANDBOX_PATH}/webhook`,
            headers: { [SIGNATURE_HEADER]: moved.signature },
            payload: moved.hook,
          });
          if (res.statusCode >= 300) request.log.warn({ status: res.statusCode, trackingCode }, 'sandbox courier webhook not accepted');
          return ok({ tracking_code: trackingCode, status: to, cod_amount: parcel.codAmount, updated_at: moved.hook.updated_at }, `Parcel ${to}`);
        },
      );
    }
  };
}
