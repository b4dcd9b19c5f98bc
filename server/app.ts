import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { ApiFailure } from '../contract/envelope';
import type { PublicConfig } from '../contract/auth';
import type { AppContext } from './context';
import { accessTokens, authenticate } from './http/auth';
import { HttpError } from './http/errors';
import { ok } from './http/reply';
import { hasBuild, serveWebApp } from './http/static';
import { authRoutes } from './modules/auth/routes';
import { userRoutes } from './modules/users/routes';

export type BuildAppOptions = Omit<AppContext, 'tokens'> & {
  /** The built web app to serve next to `/api`; none in API tests. */
  webRoot?: string;
  logger?: boolean;
};

const GOOGLE_IDENTITY = 'https://accounts.google.com';

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
      frameSrc: [`${GOOGLE_IDENTITY}/gsi/`],
      formAction: ["'self'", ...gateway],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      upgradeInsecureRequests: ctx.config.publicUrl.startsWith('https://') ? [] : null,
    },
  };
}

function failure(message: string, errors?: ApiFailure['errors']): ApiFailure {
  return errors ? { success: false, message, errors } : { success: false, message };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { webRoot, logger, ...deps } = options;
  const ctx: AppContext = { ...deps, tokens: accessTokens(deps.config.jwtSecret) };
  const app = Fastify({
    logger: logger ? { level: deps.config.logLevel } : false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(failure(error.message, error.errors));
    }
    if (error.statusCode === 429) return reply.status(429).send(failure('Too many requests. Please wait a minute and try again.'));
    if (error.validation || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send(failure(error.message));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(failure(error.message));
    }
    request.log.error(error);
    return reply.status(500).send(failure('Something went wrong on our side. Please try again.'));
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: contentSecurityPolicy(ctx),
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: ctx.config.publicUrl.startsWith('https://'),
  });
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });

  await app.register(
    async (api) => {
      api.decorateRequest('authUser', null);
      api.addHook('onRequest', authenticate(ctx.tokens));
      api.get('/config', async () => ok<PublicConfig>({ googleClientId: ctx.config.googleClientId ?? null }));
      await api.register(authRoutes(ctx), { prefix: '/user' });
      await api.register(userRoutes(ctx), { prefix: '/user' });
      api.setNotFoundHandler((request, reply) =>
        reply.status(404).send(failure(`No API route ${request.method} ${request.url.split('?')[0]}`)),
      );
    },
    { prefix: '/api' },
  );

  const serveApp = webRoot !== undefined && hasBuild(webRoot);
  if (serveApp) await serveWebApp(app, webRoot);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/assets/');
    if (serveApp && wantsPage) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return reply.status(404).send(failure('Not found'));
  });

  return app;
}
