/** Bangladesh keeps UTC+6 all year (no daylight saving): the shop's days begin at Dhaka's midnight. */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant Dhaka's day began, `daysBack` days before the day `now` falls in. */
export function dhakaMidnight(now: Date, daysBack = 0): Date {
  const local = now.getTime() + DHAKA_OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS - DHAKA_OFFSET_MS - daysBack * DAY_MS);
}

/** The instant a Dhaka day (`YYYY-MM-DD`) begins; `daysLater` moves it on. */
export function dhakaDayStart(day: string, daysLater = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DHAKA_OFFSET_MS + daysLater * DAY_MS);
}

/** The Dhaka day (`YYYY-MM-DD`) an instant falls in. */
export function dhakaDay(instant: Date): string {
  return new Date(instant.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 10);
}
