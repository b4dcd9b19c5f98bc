import { z } from 'zod';
import { toAsciiDigits } from './locale';
import { text } from './text';

/** A Bangladeshi mobile number as the shop stores and checks it: 01, an operator digit 3–9, eight more digits. */
export const BD_PHONE_PATTERN = /^01[3-9]\d{8}$/;

/** What people type between a number's digits: spaces, dashes, dots and brackets. */
const SEPARATORS = /[\s\-.()]/g;
/** The country code in its written forms (+880, 880, 00880), the trunk 0 and the ten digits after it. */
const WRITTEN_NUMBER = /^(?:\+?880|00880)?0?(1[3-9]\d{8})$/;

/**
 * A Bangladeshi mobile number as people type or autofill it — `+880 1711-000000`, `8801711000000`, `01711 000000`, or
 * in Bangla digits — in the one form the shop stores and checks, `01XXXXXXXXX`. Anything else comes back trimmed, for
 * the pattern to refuse.
 */
export function normalizeBdPhone(input: string): string {
  const latin = toAsciiDigits(input);
  const match = WRITTEN_NUMBER.exec(latin.replace(SEPARATORS, ''));
  return match ? `0${match[1]}` : input.trim();
}

/** A phone number field: normalised, then checked, with `message` for anything that is not a mobile number. */
export const bdPhoneSchema = (message: string, required = message) =>
  z.preprocess((value) => (typeof value === 'string' ? normalizeBdPhone(value) : value), text(required).min(1, required).regex(BD_PHONE_PATTERN, message));
