import type { z } from 'zod';

/**
 * A list screen's query (page, search, filters) from its address, read with the contract's schema for the list. Each
 * field is checked on its own, so one the schema refuses (an address typed by hand) falls back to its default and
 * the others stay. The router reads `?search=123` as a number; the fields are text, the page text or a number.
 */
export function listQueryFrom<Schema extends z.ZodObject>(schema: Schema, address: Record<string, unknown>): z.output<Schema> {
  const accepted: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const raw = address[key];
    const value = typeof raw === 'number' ? String(raw) : raw;
    if (value !== undefined && (field as z.ZodType).safeParse(value).success) accepted[key] = value;
  }
  return schema.parse(accepted);
}

/** The address's query for a list: empty text and the first page are left out, so the plain address is the default list. */
export function listAddress(query: Record<string, string | number | undefined>): Record<string, string | number> {
  const kept: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '' || (key === 'page' && value === 1)) continue;
    kept[key] = value;
  }
  return kept;
}
