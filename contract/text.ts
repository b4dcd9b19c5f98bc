import { z } from 'zod';

/**
 * Every text a request carries (body, query, path) is read through `text`: it refuses the NUL character (U+0000),
 * which PostgreSQL cannot store in text and which no name, address or code has, so such input is a 400 naming the
 * field rather than a database error; and the other C0 and C1 control characters (U+0001–U+001F, U+007F–U+009F),
 * which no one types and which can rewrite a log line, a CSV row or a message, except the tab and the line breaks of
 * text written over several lines (a description, an address's details, a review). A name, a place or anything
 * else shown on one line is a `line`, which refuses those too. Lengths are bounded where each field is declared.
 */
export const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000)';
export const CONTROL_MESSAGE = 'Text cannot contain control characters';
export const LINE_MESSAGE = 'Must be one line, without line breaks or tabs';

export const hasNoNul = (value: string) => !value.includes('\u0000');
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const OTHER_CONTROLS = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
export const hasNoControls = (value: string) => !OTHER_CONTROLS.test(value);
export const isOneLine = (value: string) => !/[\t\n\r]/.test(value);

/** A string input that refuses NUL and control characters; `params` as `z.string`'s (the message for a missing or non-text value). */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(hasNoNul, NUL_MESSAGE).refine(hasNoControls, CONTROL_MESSAGE);

/** A text shown on one line: a name, a place, a label. */
export const line = (params?: Parameters<typeof z.string>[0]) => text(params).refine(isOneLine, LINE_MESSAGE);

/** An email address can be at most 254 characters long. */
export const EMAIL_MAX = 254;
