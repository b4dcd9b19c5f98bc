import { z } from 'zod';
import { INVALID_CHECKOUT_PHONE, paymentMethods } from '@contract/orders';
import { bdPhoneSchema } from '@contract/phone';

/** The checkout form and its messages; payment number and coupon have no rule. */
export const checkoutFormSchema = z.object({
  paymentMethod: z.enum(paymentMethods),
  paymentNumber: z.string().trim().catch(''),
  phone: bdPhoneSchema(INVALID_CHECKOUT_PHONE, 'Phone number is required'),
  addressDetails: z.string('Address is required').trim().min(1, 'Address is required'),
  // A select that is disabled or not yet filled may hand over no value at all: the same message then.
  division: z.string('Division is required').min(1, 'Division is required'),
  district: z.string('District is required').min(1, 'District is required'),
  city: z.string('City/Upazila is required').min(1, 'City/Upazila is required'),
  coupon: z.string().trim().catch(''),
});
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
export type CheckoutFormValues = z.output<typeof checkoutFormSchema>;

export const emptyCheckoutForm: CheckoutFormInput = {
  paymentMethod: 'cash',
  paymentNumber: '',
  phone: '',
  addressDetails: '',
  division: '',
  district: '',
  city: '',
  coupon: '',
};

type LocationField = 'division' | 'district' | 'city';

type LocationToast = 'selectDivisionToast' | 'selectDistrictToast' | 'selectCityToast';

/** The toast (its text's key) for the first missing location, top down, beside the inline messages. */
const LOCATION_TOASTS: [LocationField, LocationToast][] = [
  ['division', 'selectDivisionToast'],
  ['district', 'selectDistrictToast'],
  ['city', 'selectCityToast'],
];

export function locationToast(invalid: Partial<Record<string, unknown>>): LocationToast | null {
  return LOCATION_TOASTS.find(([field]) => invalid[field])?.[1] ?? null;
}
