import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { validatorCompiler } from './validate';

/** The paths the API document describes; the web app's pages and files are not part of the API. */
const DOCUMENTED = /^\/(api|media|sandbox)\//;
const OPENAPI_PATH = '/api/openapi.json';
const API_DOCS_PATH = '/api/docs';

const fromZod = createJsonSchemaTransform({ skipList: [] });

type SchemaObject = { properties?: Record<string, unknown> };

/**
 * Zod schemas to JSON Schema, plus what a route declares in its config: who may call it (a bearer token, and which
 * roles) and which multipart fields carry files.
 */
const transform: SwaggerTransform = (input) => {
  if (!DOCUMENTED.test(input.url)) return { schema: { hide: true }, url: input.url };
  const result = fromZod(input);
  const schema = result.schema as Record<string, unknown> & { body?: SchemaObject; description?: string };
  const { access, uploads } = input.route.config ?? {};
  if (access) {
    schema.security = [{ bearer: [] }];
    const who = access === 'signed-in' ? 'Any signed-in user.' : `Roles: ${access.join(', ')}.`;
    schema.description = [schema.description, who].filter(Boolean).join(' ');
  }
  if (uploads) {
    schema.consumes = ['multipart/form-data', 'application/json'];
    const properties = (schema.body ??= {}).properties ?? {};
    for (const field of uploads) {
      const file = { type: 'string', format: 'binary' };
      properties[field] = {
        description: 'Image file(s) in a multipart form (JPEG, PNG, WebP or GIF, 25 MB each), or media URLs of uploaded files.',
        anyOf: [file, { type: 'array', items: file }, ...(properties[field] ? [properties[field]] : [])],
      };
    }
    schema.body.properties = properties;
  }
  return { schema, url: result.url };
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the API, media and sandbox, as registered. */
    apiRoutes: RouteOptions[];
  }
}

/** What a route of the API must declare: its answers, and its path parameters when it has any. */
function undeclared(route: RouteOptions): string | null {
  const schema = route.schema ?? {};
  if (!schema.response) return 'no response schema';
  if (route.url.includes(':') && !schema.params) return 'no params schema';
  return null;
}

/**
 * Routes declare their params, querystring, body, headers and answers with zod schemas from `contract/`: requests are
 * validated by them and answers serialised by them. Registered before any route, so every route is described; a
 * route of the API that declares no schema stops the server from starting.
 */
export async function declaredSchemas(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!DOCUMENTED.test(route.url) || route.schema?.hide) return;
    const missing = undeclared(route);
    if (missing) throw new Error(`${String(route.method)} ${route.url} declares ${missing}`);
    app.apiRoutes.push(route);
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'haat API',
        version: '1.0.0',
        description:
          'Every answer is `{ success, message, data }` (success) or `{ success: false, message, code, values?, errors? }` (failure; ' +
          '`code` names the message in the catalogue of contract/api-messages.ts). ' +
          'Ids are strings; money is taka with at most two decimals.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform,
  });
}

/** The OpenAPI document at `/api/openapi.json` and a reference UI at `/api/docs`, served from our own files. */
export async function apiDocs(app: FastifyInstance): Promise<void> {
  app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH, theme: { title: 'haat API reference' }, uiConfig: { docExpansion: 'list' } });
}
