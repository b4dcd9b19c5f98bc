import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { gatewaySettings } from './gateway';
import { PATHS } from './protocol';
import { messagePage, paymentPage } from './sandbox-page';
import {
  callbackFields,
  completeSandboxSession,
  findSandboxSession,
  openSandboxSession,
  sandboxRefund,
  sandboxValidation,
} from './sandbox-service';
import { acceptFormPosts, formFields, gatewayTransport } from './transport';

const MERCHANT = 'haat';
const SESSION_KEY_PATTERN = /^[0-9A-F]{32}$/;

const html = (reply: FastifyReply, status: number, page: string) =>
  reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(page);

/**
 * `/sandbox/*`: the built-in gateway, present when PAYMENT_PROVIDER=sandbox. Unknown paths under it answer 404
 * themselves, so the web app's fallback never swallows them.
 */
export function sandboxGatewayRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.setNotFoundHandler((_request, reply) => html(reply, 404, messagePage('Not found', 'There is no sandbox gateway page here.')));
    if (ctx.config.payment.provider !== 'sandbox') return;

    acceptFormPosts(app);
    const { db } = ctx;
    const settings = gatewaySettings(ctx.config);
    const transport = gatewayTransport(app, ctx.config.publicUrl);

    app.post(PATHS.session, async (request) => openSandboxSession(db, settings, formFields(request.body)));

    app.get(PATHS.validation, async (request) => sandboxValidation(db, settings, formFields(request.query)));

    app.get(PATHS.refund, async (request) => sandboxRefund(db, settings, formFields(request.query)));

    app.get<{ Params: { sessionKey: string } }>('/pay/:sessionKey', async (request, reply) => {
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
    });

    app.post<{ Params: { sessionKey: string } }>('/pay/:sessionKey', async (request, reply) => {
      const { sessionKey } = request.params;
      if (!SESSION_KEY_PATTERN.test(sessionKey)) return html(reply, 404, messagePage('Payment not found', 'This payment session does not exist.'));
      const completion = await completeSandboxSession(db, settings, sessionKey, formFields(request.body));
      if (completion.kind === 'refused') return html(reply, 409, messagePage('Payment not completed', completion.message));
      if (completion.ipn) {
        // Like SSLCommerz, the IPN goes out whether or not the browser makes it back; the merchant's answer is theirs.
        const { url, fields } = completion.ipn;
        await transport({ method: 'POST', url, form: fields }).catch((err: unknown) => request.log.warn({ err }, 'sandbox IPN not delivered'));
      }
      // 307 keeps the method and the body: the browser posts the same signed fields to the merchant's callback URL.
      return reply.redirect(completion.redirectTo, 307);
    });
  };
}
