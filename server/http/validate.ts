import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { badRequest, type HttpError } from './errors';

/** Bad input becomes a 400 whose message is the first problem; `errors` lists every problem with its field path. */
function invalidInput(error: z.ZodError): HttpError {
  const errors = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return badRequest(errors[0]?.message ?? 'Invalid request', errors);
}

/** Parses input a route reads itself (a multipart form's fields) with a contract schema. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw invalidInput(result.error);
}

/**
 * Fastify's validator for the zod schemas routes declare (params, querystring, body, headers). A request without a
 * body or query is read as `{}`, so a missing field gets its own message rather than "expected object".
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: invalidInput(result.error) };
  };
