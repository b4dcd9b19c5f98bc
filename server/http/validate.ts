import type { z } from 'zod';
import { badRequest } from './errors';

/** Parses request input with a contract schema; bad input becomes a 400 naming the first problem. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw badRequest(errors[0]?.message ?? 'Invalid request', errors);
}
