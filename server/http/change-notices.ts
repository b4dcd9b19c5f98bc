import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * What a successful write on a route can change of what the shop shows: the catalogue's lists and pages (the
 * default: every process drops its cached lists and pages), only words the Bangla font must carry (accounts, wishlists,
 * push subscriptions, addresses: the lists stay), or nothing (browsers' reports).
 */
export type ShownChange = 'catalogue' | 'words' | 'nothing';

declare module 'fastify' {
  interface FastifyContextConfig {
    changesShown?: ShownChange;
  }
}

/** Marks every route of `routes` as changing at most words the shop shows, unless a route says otherwise. */
export function changingOnlyWords(routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { changesShown: 'words', ...route.config };
    });
    await scope.register(routes);
  };
}

/**
 * An `onSend` hook announcing a successful write by what its route changes. It runs before the answer leaves, so a
 * client that reads right after its own write sees it.
 */
export function announceWrites(announce: Record<Exclude<ShownChange, 'nothing'>, () => void>) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const isWrite = request.method !== 'GET' && request.method !== 'HEAD';
    const changed = request.routeOptions.config.changesShown ?? 'catalogue';
    if (isWrite && reply.statusCode < 400 && changed !== 'nothing') announce[changed]();
    return payload;
  };
}
