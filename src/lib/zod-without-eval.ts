/**
 * zod as the browser build imports it (`vite.config.ts` points `zod` here): without its compiled parsers, which it
 * would build with `new Function`. The Content-Security-Policy refuses that, and zod's first try, on every page with
 * a form, is reported as a violation; parsing is the same, as zod falls back to it wherever eval is refused.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
