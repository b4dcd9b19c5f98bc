import { toLocaleDigits, type Locale } from '@contract/locale';
import { refundMethods, type RefundMethod } from '@contract/orders';

/** The key of each refund method's name: the same in every namespace that names them (account, back-office-orders). */
const NAME_KEYS = { bkash: 'refundBkash', nagad: 'refundNagad', rocket: 'refundRocket' } as const satisfies Record<RefundMethod, string>;

type RefundMethodNames = Record<(typeof NAME_KEYS)[RefundMethod], string>;

const isRefundMethod = (method: string): method is RefundMethod => (refundMethods as readonly string[]).includes(method);

/** A refund method's name in the texts' language (বিকাশ, নগদ, রকেট in Bangla); a method the app does not know as it is. */
export const refundMethodName = (method: string, text: RefundMethodNames): string => (isRefundMethod(method) ? text[NAME_KEYS[method]] : method);

/** Where a refund is paid: the method's name and the number, in the texts' digits (বিকাশ ০১৭…). */
export const refundDestination = (refund: { refundMethod: string; refundNumber: string }, text: RefundMethodNames, locale: Locale): string =>
  `${refundMethodName(refund.refundMethod, text)} ${toLocaleDigits(refund.refundNumber, locale)}`;

/** The refund methods as a select offers them: the method, shown by its name. */
export const refundMethodOptions = (text: RefundMethodNames) => refundMethods.map((method) => ({ value: method, label: text[NAME_KEYS[method]] }));
