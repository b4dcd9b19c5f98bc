import type { Locale } from './locale';

/**
 * Colours in Bangla, by their English names in lower case. A product's colours are the owner's own words: these are
 * the common ones, and a colour not listed (or already typed in Bangla) is shown as the owner wrote it.
 */
export const COLOUR_NAMES_BN: Readonly<Record<string, string>> = {
  black: 'কালো',
  white: 'সাদা',
  red: 'লাল',
  green: 'সবুজ',
  blue: 'নীল',
  navy: 'নেভি',
  'navy blue': 'নেভি ব্লু',
  'sky blue': 'আকাশি',
  yellow: 'হলুদ',
  orange: 'কমলা',
  pink: 'গোলাপি',
  purple: 'বেগুনি',
  violet: 'বেগুনি',
  brown: 'বাদামি',
  grey: 'ধূসর',
  gray: 'ধূসর',
  maroon: 'মেরুন',
  golden: 'সোনালি',
  gold: 'সোনালি',
  silver: 'রুপালি',
  cream: 'ক্রিম',
  beige: 'বেইজ',
  olive: 'জলপাই',
  teal: 'টিল',
  'off white': 'অফ হোয়াইট',
  multicolour: 'বহুরঙা',
  multicolor: 'বহুরঙা',
};

/** A colour as a page in `locale` names it. */
export const colourIn = (locale: Locale, colour: string): string => (locale === 'bn' ? (COLOUR_NAMES_BN[colour.trim().toLowerCase()] ?? colour) : colour);
