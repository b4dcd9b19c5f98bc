import { z } from 'zod';

/**
 * Every text a request carries (body, query, path) is read through `text`: it refuses the NUL character (U+0000),
 * which PostgreSQL cannot store in text and which no name, address or code has, so such input is a 400 naming the
 * field rather than a database error. Lengths are bounded where each field is declared.
 */
export const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000)';

export const hasNoNul = (value: string) => !value.includes('\u0000');

/** A string input that refuses NUL; `params` as `z.string`'s (the message for a missing or non-text value). */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(hasNoNul, NUL_MESSAGE);

/** An email address can be at most 254 characters long. */
export const EMAIL_MAX = 254;
