import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { API_MESSAGES, codeOfText } from '../../contract/api-messages';
import { badRequest, type HttpError } from './errors';

/**
 * Bad input becomes a 400 whose message is the first problem; `errors` lists every problem with its field path, and
 * with its own code where it is a text of the API's catalogue. The answer's code is the first problem's, else
 * invalidInput.
 */
function invalidInput(error: z.ZodError): HttpError {
  const errors = error.issues.map((issue) => {
    const code = codeOfText(issue.message);
    return { path: issue.path.join('.'), message: issue.message, ...(code && { code }) };
  });
  return badRequest({ code: errors[0]?.code ?? 'invalidInput', message: errors[0]?.message ?? API_MESSAGES.invalidInput }, errors);
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
