import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../../../contract/text';
import type { AppContext } from '../../../context';
import { gatewaySettings } from '../gateway';
import { gatewayAnswerSchema, gatewayFieldsSchema, PATHS } from '../protocol';
import { messagePage, paymentPage } from './page';
import { callbackFields, completeSandboxSession, findSandboxSession, openSandboxSession, sandboxRefund, sandboxValidation } from './service';
import { acceptFormPosts, gatewayTransport } from '../transport';

const MERCHANT = 'haat';
const SESSION_KEY_PATTERN = /^[0-9A-F]{32}$/;

const tags = ['sandbox gateway'];
const FORM = ['application/x-www-form-urlencoded'];
const page = { content: { 'text/html': { schema: z.string() } } };
/** The key is checked by the route, which answers a page saying no such payment exists. */
const sessionParamsSchema = z.object({ sessionKey: text().max(64, 'No such payment') });

const html = (reply: FastifyReply, status: number, page: string) =>
  reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(page);

/**
 * `/sandbox/*`: the built-in gateway, present when PAYMENT_PROVIDER=sandbox. Unknown paths under it answer 404
 * themselves, so the web app's fallback never swallows them.
 */
export function sandboxGatewayRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.setNotFoundHandler((_request, reply) => html(reply, 404, messagePage('Not found', 'There is no sandbox gateway page here.')));
    if (ctx.config.payment.provider !== 'sandbox') return;

    acceptFormPosts(app);
    const { db } = ctx;
    const settings = gatewaySettings(ctx.config);
    const transport = gatewayTransport(app, ctx.config.publicUrl);

    app.post(
      PATHS.session,
      {
        schema: {
          tags,
          summary: 'Open a payment session (SSLCommerz v4 session API)',
          consumes: FORM,
          body: gatewayFieldsSchema,
          response: { 200: gatewayAnswerSchema },
        },
      },
      async (request) => openSandboxSession(db, settings, request.body),
    );

    app.get(
      PATHS.validation,
      { schema: { tags, summary: 'Validate a payment (SSLCommerz validation API)', querystring: gatewayFieldsSchema, response: { 200: gatewayAnswerSchema } } },
      async (request) => sandboxValidation(db, settings, request.query),
    );

    app.get(
      PATHS.refund,
      { schema: { tags, summary: 'Refund a payment (SSLCommerz refund API)', querystring: gatewayFieldsSchema, response: { 200: gatewayAnswerSchema } } },
      async (request) => sandboxRefund(db, settings, request.query),
    );

    app.get(
      '/pay/:sessionKey',
      { schema: { tags, summary: 'The payment page: Pay, Fail or Cancel', params: sessionParamsSchema, response: { 200: page, 404: page, 409: page } } },
      async (request, reply) => {
        const { sessionKey } = request.params;
        const session = SESSION_KEY_PATTERN.test(sessionKey) ? await findSandboxSession(db, sessionKey) : null;
        if (!session) return html(reply, 404, messagePage('Payment not found', 'This payment session does not exist.'));
        if (session.status !== 'open') return html(reply, 409, messagePage('Payment finished', `This payment is already ${session.status}.`));
        const forms = {
          paid: callbackFields(session, 'paid', settings.storePassword),
          failed: callbackFields(session, 'failed', settings.storePassword),
          cancelled: callbackFields(session, 'cancelled', settings.storePassword),
        };
        return html(reply, 200, paymentPage(session, MERCHANT, `/sandbox/pay/${sessionKey}`, forms));
      },
    );

    app.post(
      '/pay/:sessionKey',
      {
        schema: {
          tags,
          summary: "A button of the payment page: records the outcome, sends the IPN, and hands the browser back to the merchant's callback",
          consumes: FORM,
          params: sessionParamsSchema,
          body: gatewayFieldsSchema,
          response: { 307: z.null().describe("A redirect that re-posts the signed fields to the merchant's callback URL"), 404: page, 409: page },
        },
      },
      async (request, reply) => {
        const { sessionKey } = request.params;
        if (!SESSION_KEY_PATTERN.test(sessionKey)) return html(reply, 404, messagePage('Payment not found', 'This payment session does not exist.'));
        const completion = await completeSandboxSession(db, settings, sessionKey, request.body);
        if (completion.kind === 'refused') return html(reply, 409, messagePage('Payment not completed', completion.message));
        if (completion.ipn) {
          // Like SSLCommerz, the IPN goes out whether or not the browser makes it back; the merchant's answer is theirs.
          const { url, fields } = completion.ipn;
          await transport({ method: 'POST', url, form: fields }).catch((err: unknown) => request.log.warn({ err }, 'sandbox IPN not delivered'));
        }
        // 307 keeps the method and the body: the browser posts the same signed fields to the merchant's callback URL.
        return reply.redirect(completion.redirectTo, 307);
      },
    );
  };
}
