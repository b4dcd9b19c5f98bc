import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { body, useShop } from '../test/harness';
import { declaredSchemas } from './api-docs';
import { answers, ok } from './reply';

const shop = useShop();

type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  security?: unknown[];
  summary?: string;
};
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, unknown> } };

const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the API declared on its routes', () => {
  it('every route of the API, media and sandbox declares its answers, and its params when it has any', () => {
    const routes = shop.app.apiRoutes;
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const what = `${String(route.method)} ${route.url}`;
      expect(route.schema?.response, what).toBeDefined();
      if (route.url.includes(':')) expect(route.schema?.params, what).toBeDefined();
      const method = String(route.method);
      // Refresh and logout read the cookie; Pay now, a cash order's new code, the admin's confirming call, the reading of a
      // parcel's status, the sandbox courier's moves, the default address and a return's parcel received name what they
      // act on in the path: none reads a body.
      const readsBody =
        ['POST', 'PUT', 'PATCH'].includes(method) &&
        !/\/(refresh-token|logout|retry\/:tranId|confirm-cash\/:orderId\/resend|orders\/:orderId\/confirm-cash|courier\/status|(deliver|return)\/:trackingCode|addresses\/:addressId\/default|returns\/:id\/received)$/.test(
          route.url,
        );
      if (readsBody) expect(route.schema?.body, what).toBeDefined();
    }
  });

  it('refuses to start with a route of the API that declares no schema', async () => {
    const app = Fastify();
    await declaredSchemas(app);
    expect(() => app.get('/api/forgotten', async () => ({ success: true }))).toThrow('GET /api/forgotten declares no response schema');
    expect(() => app.get('/api/things/:id', { schema: { response: answers(z.null()) } }, async () => ok(null))).toThrow(
      'GET /api/things/:id declares no params schema',
    );
    await app.close();
  });

  it('serialises answers by their schema: a field the schema does not name never leaves', async () => {
    const app = Fastify();
    await declaredSchemas(app);
    const userish = z.object({ _id: z.string(), name: z.string() });
    app.get('/api/leaky', { schema: { response: answers(userish) } }, async () =>
      ok({ _id: 'u1', name: 'Rahim', passwordHash: '$argon2id$v=19$secret', verifiedAt: new Date() }),
    );
    const res = await app.inject({ url: '/api/leaky' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'OK', data: { _id: 'u1', name: 'Rahim' } });
    expect(res.body).not.toContain('argon2');
    await app.close();
  });

  it('answers a request that breaks the schema with 400 and the envelope naming the first problem', async () => {
    const res = await shop.app.inject({ method: 'POST', url: '/api/user/signin', payload: { identifier: 'a@b.c', password: ['x'] } });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({
      success: false,
      message: 'Password is required',
      code: 'invalidInput',
      errors: [{ path: 'password', message: 'Password is required' }],
    });
  });
});

describe('the OpenAPI document', () => {
  const document = async () => {
    const res = await shop.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    return res.json<OpenApi>();
  };

  it('is OpenAPI 3.1 and describes every route of the API, media and sandbox', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    for (const route of shop.app.apiRoutes) {
      const method = String(route.method).toLowerCase();
      if (method === 'head') continue;
      const operation = doc.paths[openapiPath(route.url)]?.[method];
      expect(operation, `${method} ${route.url}`).toBeDefined();
      expect(operation!.summary, `${method} ${route.url}`).toEqual(expect.any(String));
    }
    expect(Object.keys(doc.paths).filter((path) => !/^\/(api|media|sandbox)\//.test(path))).toEqual([]);
  });

  it('describes parameters, bodies, answers and who may call', async () => {
    const { paths, components } = await document();
    expect(components.securitySchemes).toHaveProperty('bearer');

    const list = paths['/api/products']!.get!;
    expect(list.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'limit', 'search', 'category', 'sortBy']));
    expect(JSON.stringify(list.responses['200'])).toContain('productName');
    expect(list.security).toBeUndefined();

    const placeOrder = paths['/api/order/post-order']!.post!;
    expect(placeOrder.security).toEqual([{ bearer: [] }]);
    expect(placeOrder.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key' })]));
    expect(JSON.stringify(placeOrder.requestBody)).toContain('deliveryAddress');
    expect(JSON.stringify(paths['/api/addresses']!.post!.requestBody)).toContain('isDefault');

    // A multipart form lists its files with its text fields.
    const createProduct = JSON.stringify(paths['/api/products']!.post!.requestBody);
    expect(createProduct).toContain('multipart/form-data');
    expect(createProduct).toContain('"format":"binary"');

    // The products import reads a CSV file.
    expect(Object.keys((paths['/api/products/import/preview']!.post!.requestBody as { content: object }).content)).toEqual(['text/csv']);
    expect(JSON.stringify(paths['/api/products/export']!.get!.responses['200'])).toContain('text/csv');

    // The answer schema of a user has no password hash to show.
    expect(JSON.stringify(paths['/api/user/get-all-users']!.get!.responses)).not.toMatch(/password/i);
    // The delivery zones' answer names every other district's fees.
    expect(JSON.stringify(paths['/api/delivery-zones']!.get!.responses['200'])).toContain('otherDistricts');
  });

  it('has a reference UI at /api/docs served from our own files', async () => {
    const page = await shop.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith('/api/docs/')).toBe(true);
      const script = await shop.app.inject({ url: src });
      expect(script.statusCode, src).toBe(200);
      expect(script.headers['content-type']).toMatch(/javascript/);
    }
  });
});
