import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientEventsReceivedSchema, clientEventsSchema, vitalsQuerySchema, vitalsReportSchema, type VitalEvent } from '../../../contract/client-events';
import { apiMessage } from '../../../contract/api-messages';
import { apiFailureSchema } from '../../../contract/envelope';
import { CLIENT_EVENTS_MAX_BYTES } from '../../../contract/vitals';
import type { AppContext } from '../../context';
import { ADMIN } from '../../http/auth';
import { badRequest, notFound, unauthorized } from '../../http/errors';
import { answers, ok } from '../../http/reply';
import { bearerMatches, type ServerMetrics } from './metrics';
import { scrub } from './scrub';
import { recordVitals, vitalsReport } from './vitals';

/** Batches one client address may send a minute: a shopper's tab sends one when it is hidden, and its errors. */
export const CLIENT_EVENTS_PER_MINUTE = 30;

/**
 * `POST /api/client-events`: what shoppers' browsers saw. Errors are logged (scrubbed of anything personal) with the
 * build they came from; web vitals are added to the day's histograms. The body is JSON, sent as `application/json`
 * or, by navigator.sendBeacon, as `text/plain`.
 */
export function clientEventRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Only in this plugin: elsewhere a text body is still refused as a type the route does not read.
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(badRequest('The body is not JSON'), undefined);
      }
    });

    app.post(
      '/client-events',
      {
        bodyLimit: CLIENT_EVENTS_MAX_BYTES,
        config: { ignoreBearer: true, changesShown: 'nothing', rateLimit: { max: CLIENT_EVENTS_PER_MINUTE, timeWindow: '1 minute' } },
        schema: {
          tags: ['monitoring'],
          summary: `Report browser errors and web vitals: a JSON array of at most 50 events and ${CLIENT_EVENTS_MAX_BYTES / 1024} KB (413 beyond), ${CLIENT_EVENTS_PER_MINUTE} batches a minute per client address (429 beyond)`,
          body: clientEventsSchema,
          response: answers(clientEventsReceivedSchema),
        },
      },
      async (request) => {
        const vitals: VitalEvent[] = [];
        for (const event of request.body) {
          if (event.type === 'vital') vitals.push(event);
          else {
            const { kind, route, buildId } = event;
            const clientError = { kind, route, buildId, message: scrub(event.message), ...(event.stack && { stack: scrub(event.stack) }) };
            request.log.warn({ clientError }, 'client error');
          }
        }
        await recordVitals(ctx.db, vitals);
        return ok({ received: request.body.length }, 'Received');
      },
    );

    app.get(
      '/admin/vitals',
      {
        config: { access: ADMIN },
        schema: {
          tags: ['admin'],
          summary:
            'Shoppers’ web vitals over the last 7 or 30 days: each metric’s p75 overall, per page, per connection type and per day, with sample counts and goals',
          querystring: vitalsQuerySchema,
          response: answers(vitalsReportSchema),
        },
      },
      async (request) => ok(await vitalsReport(ctx.db, request.query.days), 'Web vitals'),
    );
  };
}

/**
 * `GET /api/metrics`: Prometheus' text format, for a scraper holding `METRICS_TOKEN` as a bearer token. Without the
 * setting the route answers 404, as if it did not exist. Outside `/api`'s hooks: no session is read.
 */
export function metricsRoutes(ctx: AppContext, metrics: ServerMetrics): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/metrics',
      {
        schema: {
          tags: ['monitoring'],
          summary:
            'Server metrics in the Prometheus text format; needs `Authorization: Bearer <METRICS_TOKEN>` (401 without it, 404 when METRICS_TOKEN is unset)',
          response: {
            200: { description: 'Metrics in the Prometheus text exposition format', content: { 'text/plain': { schema: z.string() } } },
            '4xx': apiFailureSchema,
          },
        },
      },
      async (request, reply) => {
        const token = ctx.config.metricsToken;
        if (!token) throw notFound(apiMessage('noApiRoute', 'GET', '/api/metrics'));
        reply.header('Cache-Control', 'no-store');
        if (!bearerMatches(request.headers.authorization, token)) {
          reply.header('WWW-Authenticate', 'Bearer');
          throw unauthorized('The metrics need the metrics token');
        }
        return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
      },
    );
  };
}
