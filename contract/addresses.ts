import { z } from 'zod';
import { idSchema } from './envelope';
import { deliveryAddressSchema, INVALID_CHECKOUT_PHONE } from './orders';
import { bdPhoneSchema } from './phone';

/** A customer keeps at most this many delivery addresses. */
export const ADDRESSES_MAX = 10;

/** `POST /api/addresses`, `PUT /api/addresses/:addressId`: the checkout's delivery fields, and whether it is the default. */
export const savedAddressInputSchema = deliveryAddressSchema.extend({
  phone: bdPhoneSchema(INVALID_CHECKOUT_PHONE, 'Phone number is required'),
  isDefault: z.boolean('Default must be true or false').optional(),
});
export type SavedAddressInput = z.input<typeof savedAddressInputSchema>;
export type SavedAddressData = z.output<typeof savedAddressInputSchema>;

export const addressIdParamsSchema = z.object({ addressId: idSchema });

export const savedAddressSchema = z.object({
  _id: z.string(),
  phone: z.string(),
  division: z.string(),
  district: z.string(),
  city: z.string(),
  addressDetails: z.string(),
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** The customer's addresses, the default first, then the newest. */
export const savedAddressesSchema = z.array(savedAddressSchema);
