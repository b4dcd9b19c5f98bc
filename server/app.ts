import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '../contract/auth';
import { apiMessage } from '../contract/api-messages';
import { courier } from './adapters/courier';
import type { AppContext } from './context';
import { apiDocs, declaredSchemas } from './http/api-docs';
import { accessTokens, authenticate, checkAccess } from './http/auth';
import { failure, HttpError, loggableError } from './http/errors';
import { leanSubresourceHeaders } from './http/lean-headers';
import { answers, ok } from './http/reply';
import { responseCache } from './http/response-cache';
import { inProcessFetch, pageServer } from './http/pages';
import { hasBuild, serveWebApp } from './http/static';
import { adminRoutes } from './modules/admin/routes';
import { sellerRoutes } from './modules/admin/seller-routes';
import { authRoutes } from './modules/auth/routes';
import { liveSessionRole } from './modules/auth/sessions';
import { catalogueRoutes } from './modules/catalogue/routes';
import { couponRoutes } from './modules/coupons/routes';
import { healthRoutes } from './modules/health/routes';
import { invoiceRenderer } from './modules/invoices/renderer';
import { mediaRoutes } from './modules/media/routes';
import { mediaStore } from './modules/media/store';
import { orderMessages, type OrderMessages } from './modules/notifications/sender';
import { orderRoutes } from './modules/orders/routes';
import { scheduleOrderHousekeeping } from './modules/orders/housekeeping';
import { paymentDeps, paymentRoutes } from './modules/payments/routes';
import { sandboxGatewayRoutes } from './modules/payments/sandbox-routes';
import { productRoutes } from './modules/products/routes';
import { profileRoutes } from './modules/profile/routes';
import { refundRoutes } from './modules/refunds/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { deliveryFeeRoutes } from './modules/delivery-fee/routes';
import { seoRoutes } from './modules/seo/routes';
import { userRoutes } from './modules/users/routes';
import { webfontRoutes } from './modules/webfont/routes';
import { readInterfaceWords, shopWebfont } from './modules/webfont/service';
import { wishlistRoutes } from './modules/wishlist/routes';

declare module 'fastify' {
  interface FastifyInstance {
    orderMessages: OrderMessages;
  }
}

export type BuildAppOptions = Omit<AppContext, 'tokens' | 'listCache' | 'invoices' | 'media' | 'courier' | 'orderMessages' | 'webfont'> & {
  /** The built web app to serve next to `/api`; none in API tests. */
  webRoot?: string;
  /** Log to standard output, or to the stream given. */
  logger?: boolean | { stream: { write(line: string): void } };
};

const GOOGLE_IDENTITY = 'https://accounts.google.com';

/** Writes that cannot change a product list (accounts, profiles, wishlists) leave the list cache alone. */
const LEAVES_LISTS_ALONE = /^\/api\/(user|wishlist)\//;

/** Content-Security-Policy: our own origin, Google Identity Services and the configured payment gateway only. */
function contentSecurityPolicy(ctx: Pick<AppContext, 'config'>) {
  const gateway = ctx.config.payment.provider === 'sslcommerz' ? [new URL(ctx.config.payment.baseUrl).origin] : [];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'", `${GOOGLE_IDENTITY}/gsi/client`],
      styleSrc: ["'self'", "'unsafe-inline'", `${GOOGLE_IDENTITY}/gsi/style`],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", `${GOOGLE_IDENTITY}/gsi/`],
      // Product videos: YouTube (privacy-enhanced host) and Vimeo embeds; any other link plays in a <video> element.
      frameSrc: [`${GOOGLE_IDENTITY}/gsi/`, 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
      mediaSrc: ["'self'", 'https:'],
      formAction: ["'self'", ...gateway],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      upgradeInsecureRequests: ctx.config.publicUrl.startsWith('https://') ? [] : null,
    },
  };
}

function publicConfigRoute(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/config', { schema: { tags: ['accounts'], summary: 'Public configuration the browser needs', response: answers(publicConfigSchema) } }, async () =>
      ok({ googleClientId: ctx.config.googleClientId ?? null }),
    );
  };
}

function unroutable(error: FastifyError, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  return reply.status(tooLong ? 414 : 400).send(failure(apiMessage(tooLong ? 'addressTooLong' : 'addressInvalid')));
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { webRoot, logger, ...deps } = options;
  const app = Fastify({
    logger: logger ? { level: deps.config.logLevel, ...(typeof logger === 'object' && { stream: logger.stream }) } : false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A path Fastify cannot route (bad percent-encoding, a parameter over 100 characters) gets the envelope too.
    frameworkErrors: (error, _request, reply) => unroutable(error, reply as FastifyReply),
  });
  const ctx: AppContext = {
    ...deps,
    tokens: accessTokens(deps.config.jwtSecret),
    listCache: responseCache({ ttlMs: deps.config.listCacheSeconds * 1000 }),
    invoices: invoiceRenderer(),
    media: mediaStore({ dataDir: deps.config.dataDir, db: deps.db, variantCacheBytes: deps.config.imageCacheBytes }),
    courier: courier(deps, (error, to) => app.log.error({ err: error, to }, 'account message not delivered')),
    orderMessages: orderMessages({ ...deps, publicUrl: deps.config.publicUrl, log: app.log }),
    webfont: shopWebfont({
      db: deps.db,
      recheckMs: deps.config.fontRecutMs,
      onError: (error) => app.log.error({ err: loggableError(error) }, 'the Bangla webfont was not cut'),
      interfaceWords: () => readInterfaceWords(webRoot),
    }),
  };
  app.addHook('onClose', () => ctx.invoices.close());
  app.addHook('onClose', () => ctx.webfont.close());
  app.addHook('onClose', () => ctx.orderMessages.close());
  // Tests wait for the messages a request started, and send what is due as the housekeeping would.
  app.decorate('orderMessages', ctx.orderMessages);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(failure({ code: error.code, message: error.message, values: error.values }, error.errors));
    }
    if (error.statusCode === 429) return reply.status(429).send(failure(apiMessage('tooManyRequests')));
    // The framework's own refusals keep its words under one code of ours.
    if (error.validation || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send(failure({ code: 'requestNotAccepted', message: error.message }));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(failure({ code: 'requestNotAccepted', message: error.message }));
    }
    request.log.error({ err: loggableError(error) }, 'unexpected error');
    return reply.status(500).send(failure(apiMessage('serverError')));
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: contentSecurityPolicy(ctx),
    crossOriginEmbedderPolicy: false,
    // Google sign-in opens a popup that must be able to answer the page.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Video embeds refuse to play without knowing the embedding origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: ctx.config.publicUrl.startsWith('https://'),
  });
  app.addHook('onSend', leanSubresourceHeaders);
  // Per-request Brotli at a middle quality: near-best size for JSON at a fraction of the CPU of the maximum.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await declaredSchemas(app);
  await app.register(healthRoutes(ctx));
  const stopHousekeeping = scheduleOrderHousekeeping(paymentDeps(ctx, app), ctx.config.orderHousekeepingMs, (error) =>
    app.log.error({ err: loggableError(error) }, 'order housekeeping failed'),
  );
  app.addHook('onClose', async () => stopHousekeeping());

  await app.register(
    async (api) => {
      api.decorateRequest('authUser', null);
      api.addHook('onRequest', authenticate(ctx.tokens, (claims) => liveSessionRole(ctx.db, claims.sessionId, claims.id)));
      api.addHook('preValidation', checkAccess);
      // Before the answer leaves, so a client that reads right after its own write sees it.
      api.addHook('onSend', async (request, reply, payload) => {
        const isWrite = request.method !== 'GET' && request.method !== 'HEAD';
        if (isWrite && reply.statusCode < 400) {
          if (!LEAVES_LISTS_ALONE.test(request.url)) ctx.listCache.clear();
          // A reviewer's new name is Bangla the shop shows too; the font looks, and cuts again only if words changed.
          ctx.webfont.textChanged();
        }
        return payload;
      });
      await api.register(publicConfigRoute(ctx));
      await api.register(authRoutes(ctx), { prefix: '/user' });
      await api.register(userRoutes(ctx), { prefix: '/user' });
      await api.register(catalogueRoutes(ctx));
      await api.register(productRoutes(ctx));
      await api.register(reviewRoutes(ctx));
      await api.register(wishlistRoutes(ctx), { prefix: '/wishlist' });
      await api.register(profileRoutes(ctx), { prefix: '/user' });
      await api.register(deliveryFeeRoutes(ctx), { prefix: '/shipping-fee' });
      await api.register(couponRoutes(ctx));
      await api.register(orderRoutes(ctx), { prefix: '/order' });
      await api.register(refundRoutes(ctx), { prefix: '/refund' });
      await api.register(paymentRoutes(ctx), { prefix: '/payment' });
      await api.register(adminRoutes(ctx), { prefix: '/admin' });
      await api.register(sellerRoutes(ctx), { prefix: '/seller' });
      api.setNotFoundHandler((request, reply) =>
        reply.status(404).send(failure(apiMessage('noApiRoute', request.method, request.url.split('?')[0] ?? '/'))),
      );
    },
    { prefix: '/api' },
  );

  await apiDocs(app);
  await app.register(mediaRoutes(ctx));
  await app.register(sandboxGatewayRoutes(ctx), { prefix: '/sandbox' });
  await app.register(seoRoutes(ctx));
  await app.register(webfontRoutes(ctx));

  let sendPage: ReturnType<typeof pageServer>['sendPage'] | null = null;
  if (webRoot !== undefined && hasBuild(webRoot)) {
    await serveWebApp(app, webRoot);
    const pages = pageServer({ dir: webRoot, origin: new URL(ctx.config.publicUrl).origin, api: inProcessFetch(app), renderTimeoutMs: ctx.config.renderTimeoutMs });
    sendPage = pages.sendPage;
    // In the background: a failure here is the first page's to report, not the start's.
    app.addHook('onReady', async () => void pages.warmUp().catch(() => undefined));
    app.addHook('onReady', async () => void ctx.webfont.face(400).catch(() => undefined));
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/assets/');
    if (sendPage && wantsPage) return sendPage(request, reply);
    return reply.status(404).send(failure(apiMessage('notFound')));
  });

  return app;
}
