import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '../contract/auth';
import { apiMessage } from '../contract/api-messages';
import { courier } from './adapters/courier';
import { webPushSender } from './adapters/web-push';
import { pruneRateLimitHits } from './cluster/rate-limit-store';
import { scheduleJob } from './cluster/scheduled-jobs';
import { processState, type SharedState } from './cluster/shared-state';
import { databaseTallies, redisTallies } from './cluster/tallies';
import { announceWrites, changingOnlyWords } from './http/change-notices';
import { clientKey } from './http/client-address';
import type { AppContext } from './context';
import { apiDocs, declaredSchemas } from './http/api-docs';
import { accessTokens, authenticate, checkAccess } from './http/auth';
import { failure, HttpError, loggableError } from './http/errors';
import { leanSubresourceHeaders } from './http/lean-headers';
import { REQUEST_ID_HEADER, requestId } from './http/request-id';
import { answers, ok } from './http/reply';
import { responseCache } from './http/response-cache';
import { inProcessFetch, pageServer } from './http/pages';
import { hasBuild, serveWebApp } from './http/static';
import { adminRoutes } from './modules/admin/routes';
import { sellerRoutes } from './modules/admin/seller-routes';
import { authRoutes } from './modules/auth/routes';
import { bannerRoutes } from './modules/banners/routes';
import { liveSessionRole } from './modules/auth/sessions';
import { catalogueRoutes } from './modules/catalogue/routes';
import { couponRoutes } from './modules/coupons/routes';
import { shopWordRoutes } from './modules/search/routes';
import { healthRoutes } from './modules/health/routes';
import { invoiceRenderer } from './modules/invoices/renderer';
import { logoRoutes } from './modules/logo/routes';
import { mediaRoutes } from './modules/media/routes';
import { mediaStore } from './modules/media/store';
import { openMediaStorage } from './modules/media/storage';
import { serverMetrics } from './modules/observability/metrics';
import { clientEventRoutes, metricsRoutes } from './modules/observability/routes';
import { orderMessages, type OrderMessages } from './modules/notifications/sender';
import { orderRoutes } from './modules/orders/routes';
import { runOrderHousekeeping } from './modules/orders/housekeeping';
import { sendMorningSummaryIfDue } from './modules/notifications/owner-alerts';
import { courierRoutes } from './modules/couriers/routes';
import { gatewaySettings, paymentGateway } from './modules/payments/gateway';
import { paymentRoutes } from './modules/payments/routes';
import type { PaymentDeps } from './modules/payments/service';
import { gatewayTransport } from './modules/payments/transport';
import { sandboxGatewayRoutes } from './modules/payments/sandbox/routes';
import { productRoutes } from './modules/products/routes';
import { profileRoutes } from './modules/profile/routes';
import { pushRoutes } from './modules/push/routes';
import { refundRoutes } from './modules/refunds/routes';
import { adminReturnRoutes, returnRoutes } from './modules/returns/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { deliveryFeeRoutes, shippingFeeRoutes } from './modules/delivery-fee/routes';
import { seoRoutes } from './modules/seo/routes';
import { userRoutes } from './modules/users/routes';
import { webfontRoutes } from './modules/webfont/routes';
import { shopWebfont } from './modules/webfont/service';
import { wishlistRoutes } from './modules/wishlist/routes';
import { addressRoutes } from './modules/addresses/routes';

declare module 'fastify' {
  interface FastifyInstance {
    orderMessages: OrderMessages;
    payments: PaymentDeps;
    /** SIGTERM's first step: /api/ready answers 503 from now on. */
    startDraining(): void;
  }
}

export type BuildAppOptions = Omit<
  AppContext,
  'tokens' | 'listCache' | 'invoices' | 'media' | 'courier' | 'orderMessages' | 'payments' | 'webfont' | 'changes' | 'lifecycle' | 'rateLimits' | 'tallies'
> & {
  /** What this process shares with the shop's other processes; one process on its own when not given. The caller closes it. */
  shared?: SharedState;
  /** The built web app to serve next to `/api`; none in API tests. */
  webRoot?: string;
  /** Log to standard output, or to the stream given. */
  logger?: boolean | { stream: { write(line: string): void } };
};

const GOOGLE_IDENTITY = 'https://accounts.google.com';
/** How often the ended rate-limit windows are deleted from the database. */
const RATE_LIMIT_PRUNE_MS = 10 * 60_000;
/** How often a process looks whether the morning summary is due: it goes out within a minute of its time. */
const MORNING_SUMMARY_LOOK_MS = 60_000;

/** Content-Security-Policy: our own origin, Google Identity Services and the configured payment gateway only. */
function contentSecurityPolicy(ctx: Pick<AppContext, 'config'>) {
  const gateway = ctx.config.payment.provider === 'sslcommerz' ? [new URL(ctx.config.payment.baseUrl).origin] : [];
  // Google's sign-in script, its styles and its frame only when the shop offers Google sign-in.
  const google = (path: string) => (ctx.config.googleClientId ? [`${GOOGLE_IDENTITY}${path}`] : []);
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'", ...google('/gsi/client')],
      styleSrc: ["'self'", "'unsafe-inline'", ...google('/gsi/style')],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...google('/gsi/')],
      // Product videos: YouTube (privacy-enhanced host) and Vimeo embeds; any other link plays in a <video> element.
      frameSrc: [...google('/gsi/'), 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
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
      ok({ googleClientId: ctx.config.googleClientId ?? null, returnWindowDays: ctx.config.returnWindowDays }),
    );
  };
}

function unroutable(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header(REQUEST_ID_HEADER, request.id);
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  return reply.status(tooLong ? 414 : 400).send(failure(apiMessage(tooLong ? 'addressTooLong' : 'addressInvalid')));
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { webRoot, logger, shared = processState(), ...deps } = options;
  const app = Fastify({
    logger: logger ? { level: deps.config.logLevel, ...(typeof logger === 'object' && { stream: logger.stream }) } : false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: requestId,
    requestIdHeader: false,
    // A path Fastify cannot route (bad percent-encoding, a parameter over 100 characters) gets the envelope too.
    frameworkErrors: (error, request, reply) => unroutable(error, request as FastifyRequest, reply as FastifyReply),
  });
  const mediaStorage = openMediaStorage(deps.config.mediaStorage);
  const messages = orderMessages({
    ...deps,
    push: webPushSender(deps.config.push.vapid, { allowLoopback: deps.config.push.allowLoopback }),
    publicUrl: deps.config.publicUrl,
    log: app.log,
    ownerAlerts: deps.config.ownerOrderAlerts,
  });
  const ctx: AppContext = {
    ...deps,
    tokens: accessTokens(deps.config.jwtSecret),
    listCache: responseCache({ ttlMs: deps.config.listCacheSeconds * 1000 }),
    changes: shared.changes,
    rateLimits: shared.limitsNow,
    tallies:
      'redis' in shared.rateLimitOptions
        ? redisTallies(shared.rateLimitOptions.redis, databaseTallies(deps.db), (error) =>
            app.log.error({ err: loggableError(error) }, 'redis failed; counted in the database'),
          )
        : databaseTallies(deps.db),
    lifecycle: { draining: false },
    invoices: invoiceRenderer(),
    media: mediaStore({
      storage: mediaStorage,
      cacheDir: deps.config.imageCacheDir,
      db: deps.db,
      variantCacheBytes: deps.config.imageCacheBytes,
      onDeleteError: (error, file) => app.log.error({ err: loggableError(error), file }, 'an unused image was not deleted'),
    }),
    courier: courier(deps, (error, to) => app.log.error({ err: error, to }, 'account message not delivered')),
    orderMessages: messages,
    payments: {
      db: deps.db,
      gateway: paymentGateway(gatewaySettings(deps.config), gatewayTransport(app, deps.config.publicUrl)),
      publicUrl: deps.config.publicUrl,
      messages,
    },
    webfont: shopWebfont({
      db: deps.db,
      recheckMs: deps.config.fontRecutMs,
      onError: (error) => app.log.error({ err: loggableError(error) }, 'the Bangla webfont was not cut'),
    }),
  };
  app.addHook('onClose', () => ctx.invoices.close());
  app.addHook('onClose', () => ctx.webfont.close());
  app.addHook('onClose', () => ctx.orderMessages.close());
  app.addHook('onClose', async () => mediaStorage.close());
  // Tests wait for the messages a request started, send what is due as the housekeeping would, and call the payment services.
  app.decorate('orderMessages', ctx.orderMessages);
  app.decorate('payments', ctx.payments);
  app.decorate('startDraining', () => void (ctx.lifecycle.draining = true));
  // A write on any process (this one's included) empties the lists here; the font looks whether the shop's words changed.
  ctx.changes.onChange(() => {
    ctx.listCache.clear();
    ctx.webfont.textChanged();
    ctx.media.forgetMisses();
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  const metrics = serverMetrics(ctx);
  app.addHook('onResponse', async (request, reply) => metrics.observe(request, reply));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      const serverSide = error.statusCode >= 500 ? request.id : undefined;
      return reply
        .status(error.statusCode)
        .send(failure({ code: error.code, message: error.message, values: error.values }, error.errors, serverSide, error.details));
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
    return reply.status(500).send(failure(apiMessage('serverError'), undefined, request.id));
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
  // While draining, a keep-alive connection ends with the answer in flight on it, so closing need not wait for it to idle out.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (ctx.lifecycle.draining) reply.header('Connection', 'close');
    return payload;
  });
  // Per-request Brotli at a middle quality: near-best size for JSON at a fraction of the CPU of the maximum.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false, keyGenerator: (request) => clientKey(request.ip), ...shared.rateLimitOptions });
  await declaredSchemas(app);
  await app.register(healthRoutes(ctx));
  await app.register(metricsRoutes(ctx, metrics));
  const logFailure = (what: string) => (error: unknown) => app.log.error({ err: loggableError(error) }, `${what} failed`);
  // Periodic work runs on one process of all at a time (scheduled_jobs), whichever claims the round first.
  const stopHousekeeping = scheduleJob(ctx.db, {
    name: 'order-housekeeping',
    intervalMs: ctx.config.orderHousekeepingMs,
    onError: logFailure('order housekeeping'),
    run: async () => {
      const { released } = await runOrderHousekeeping(ctx.payments, {
        onError: logFailure('order housekeeping'),
        cashConfirmationMs: ctx.config.cashConfirmation.waitMs,
      });
      // Stock came back: every process's lists may show it again.
      if (released > 0) ctx.changes.announce();
    },
  });
  // The shop's own tallies count in the database on every configuration without Redis (and when Redis fails).
  const stopPruning = scheduleJob(ctx.db, {
    name: 'prune-rate-limits',
    intervalMs: RATE_LIMIT_PRUNE_MS,
    onError: logFailure('rate limit pruning'),
    run: () => pruneRateLimitHits(ctx.db),
  });
  // The morning summary: looked for every minute by one process, and once at start so a summary missed while no
  // process ran goes out the same day; the day's row in `morning_summaries` lets only one send it.
  const summaryMinute = ctx.config.morningSummaryMinute;
  const sendSummary = async () => {
    if (summaryMinute !== null && (await sendMorningSummaryIfDue(ctx.db, ctx.config.publicUrl, summaryMinute))) ctx.orderMessages.sendSoon();
  };
  const stopSummary = scheduleJob(ctx.db, {
    name: 'morning-summary',
    intervalMs: summaryMinute === null ? 0 : MORNING_SUMMARY_LOOK_MS,
    onError: logFailure('morning summary'),
    run: sendSummary,
  });
  let summaryAtStart: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    summaryAtStart = sendSummary().catch(logFailure('morning summary'));
  });
  app.addHook('onClose', async () => {
    await Promise.all([stopHousekeeping(), stopPruning(), stopSummary(), summaryAtStart]);
  });

  await app.register(
    async (api) => {
      api.decorateRequest('authUser', null);
      api.addHook(
        'onRequest',
        authenticate(ctx.tokens, (claims) => liveSessionRole(ctx.db, claims.sessionId, claims.id)),
      );
      api.addHook('preValidation', checkAccess);
      // A reviewer's new name is Bangla the shop shows too; the font looks, and cuts again only if words changed.
      api.addHook('onSend', announceWrites({ catalogue: () => ctx.changes.announce(), words: () => ctx.webfont.textChanged() }));
      await api.register(publicConfigRoute(ctx));
      await api.register(changingOnlyWords(authRoutes(ctx)), { prefix: '/user' });
      await api.register(changingOnlyWords(userRoutes(ctx)), { prefix: '/user' });
      await api.register(catalogueRoutes(ctx));
      await api.register(bannerRoutes(ctx));
      await api.register(logoRoutes(ctx));
      await api.register(productRoutes(ctx));
      await api.register(reviewRoutes(ctx));
      await api.register(changingOnlyWords(wishlistRoutes(ctx)), { prefix: '/wishlist' });
      await api.register(changingOnlyWords(addressRoutes(ctx)), { prefix: '/addresses' });
      await api.register(changingOnlyWords(profileRoutes(ctx)), { prefix: '/user' });
      await api.register(changingOnlyWords(pushRoutes(ctx)), { prefix: '/push' });
      await api.register(deliveryFeeRoutes(ctx), { prefix: '/delivery-zones' });
      await api.register(shippingFeeRoutes(ctx), { prefix: '/shipping-fee' });
      await api.register(couponRoutes(ctx));
      await api.register(shopWordRoutes(ctx));
      await api.register(orderRoutes(ctx), { prefix: '/order' });
      await api.register(refundRoutes(ctx), { prefix: '/refund' });
      await api.register(returnRoutes(ctx), { prefix: '/returns' });
      await api.register(paymentRoutes(ctx), { prefix: '/payment' });
      await api.register(courierRoutes(ctx), { prefix: '/courier' });
      await api.register(adminRoutes(ctx), { prefix: '/admin' });
      await api.register(adminReturnRoutes(ctx), { prefix: '/admin/returns' });
      await api.register(sellerRoutes(ctx), { prefix: '/seller' });
      await api.register(clientEventRoutes(ctx));
      api.setNotFoundHandler((request, reply) => reply.status(404).send(failure(apiMessage('noApiRoute', request.method, request.url.split('?')[0] ?? '/'))));
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
    const pages = pageServer({
      dir: webRoot,
      origin: new URL(ctx.config.publicUrl).origin,
      api: inProcessFetch(app),
      renderTimeoutMs: ctx.config.renderTimeoutMs,
      pageCacheSeconds: ctx.config.pageCacheSeconds,
    });
    sendPage = pages.sendPage;
    // Pages show the catalogue: a write on any process drops every page kept here, as it empties the lists.
    ctx.changes.onChange(pages.clear);
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
