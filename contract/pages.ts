import { z } from 'zod';
import { numberOfText } from './locale';

/** Server-side pagination of the back office's lists: the same query fields and answer shape everywhere. */

/** A page of a list: `count` items on this page, `total` in all, `pages` of `limit` each (at least 1). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number(), total: z.number(), page: z.number(), pages: z.number(), data: z.array(item) });
export type Page<T> = { count: number; total: number; page: number; pages: number; data: T[] };

/** `page` (from 1) and `limit` (1 to `maxSize`, `defaultSize` when absent) of a list's query. */
export function pageQueryFields(defaultSize: number, maxSize: number) {
  return {
    page: z
      .preprocess(
        numberOfText,
        z
          .number({ error: 'page must be a whole number' })
          .int('page must be a whole number')
          .min(1, 'page must be 1 or more')
          .max(1_000_000, 'page must be at most 1,000,000'),
      )
      .optional()
      .transform((v) => v ?? 1),
    limit: z
      .preprocess(
        numberOfText,
        z
          .number({ error: 'limit must be a whole number' })
          .int('limit must be a whole number')
          .min(1, `limit must be between 1 and ${maxSize}`)
          .max(maxSize, `limit must be between 1 and ${maxSize}`),
      )
      .optional()
      .transform((v) => v ?? defaultSize),
  };
}

/** The page answer for `rows` of a `total`, asked as `page` of `limit`. */
export function pageAnswer<T>(rows: T[], total: number, page: number, limit: number): Page<T> {
  return { count: rows.length, total, page, pages: Math.max(1, Math.ceil(total / limit)), data: rows };
}
