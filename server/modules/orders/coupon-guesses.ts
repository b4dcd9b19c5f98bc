import { apiMessage } from '../../../contract/api-messages';
import type { Tallies } from '../../cluster/tallies';
import { HttpError } from '../../http/errors';

const HOUR_MS = 60 * 60 * 1000;
/**
 * Coupon codes that are no live coupon (unknown, not started, expired) one account may try in an hour, and one client
 * address (an IPv6 /64). Counted per account, since one client can rotate addresses, and per address, since one
 * client can make accounts; the address allows more, as many shoppers may share one carrier's address.
 */
export const WRONG_COUPONS_PER_ACCOUNT_PER_HOUR = 10;
export const WRONG_COUPONS_PER_CLIENT_PER_HOUR = 30;

/** Where a customer's coupon tries are counted: the shared tallies, their account and their client address. */
export type CouponGuesses = { tallies: Tallies; accountId: string; client: string };

/**
 * Runs `work` (pricing with the coupon `code`) within the guesses allowed: a try is counted before the coupon is looked
 * at, so parallel tries stay within the limit, and given back unless the code turned out to be no live coupon.
 */
export async function withinCouponGuesses<T>(guesses: CouponGuesses | undefined, code: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!guesses || !code) return work();
  const { tallies } = guesses;
  const keys = [`wrong-coupons:user:${guesses.accountId}`, `wrong-coupons:client:${guesses.client}`];
  const [byAccount = 0, byClient = 0] = await Promise.all(keys.map((key) => tallies.add(key, 1, HOUR_MS)));
  if (byAccount > WRONG_COUPONS_PER_ACCOUNT_PER_HOUR || byClient > WRONG_COUPONS_PER_CLIENT_PER_HOUR) {
    throw new HttpError(429, apiMessage('tooManyCouponTries'), undefined, 60 * 60);
  }
  const giveBack = () => Promise.all(keys.map((key) => tallies.add(key, -1, HOUR_MS)));
  let result: T;
  try {
    result = await work();
  } catch (error) {
    if (!(error instanceof HttpError && error.code === 'invalidCoupon')) await giveBack();
    throw error;
  }
  await giveBack();
  return result;
}
