import type { PublicUser } from '@contract/auth';
import type { OrderCreateInput } from '@contract/orders';
import { lineTotal } from '@contract/money';
import type { CartItem } from '@/lib/cart';
import type { CheckoutFormValues } from './form';

/** What checkout needs of a line: cart lines and Buy Again lines both fit. */
export type CheckoutLine = Pick<CartItem, 'productId' | 'productName' | 'image' | 'quantity' | 'price'> &
  Partial<Pick<CartItem, 'variantId' | 'size' | 'color'>>;

/** The body checkout sends: an order whose lines name their size and colour as the cart does. */
export type OrderPayload = Omit<OrderCreateInput, 'items'> & {
  items: (OrderCreateInput['items'][number] & Partial<Pick<CartItem, 'variantId' | 'size' | 'color'>>)[];
};

/**
 * The body of `POST /order/post-order` (`cuopon` is the API's spelling). Names, images, line totals and the total
 * are what the shopper saw; the server recomputes every amount from its own data.
 */
export function buildOrderPayload(input: {
  user: Pick<PublicUser, '_id' | 'name' | 'email'>;
  items: readonly CheckoutLine[];
  form: CheckoutFormValues;
  deliveryFee: number;
  /** The Grand Total the shopper was shown; undefined when none was. */
  totalPrice: number | undefined;
}): OrderPayload {
  const { user, items, form } = input;
  return {
    customerName: user.name,
    customerEmail: user.email ?? '',
    customerId: user._id,
    phone: form.phone,
    cuopon: form.coupon,
    items: items.map((item) => ({
      productId: item.productId,
      ...(item.variantId ? { variantId: item.variantId } : {}),
      productName: item.productName,
      image: item.image,
      quantity: item.quantity,
      ...(item.size ? { size: item.size } : {}),
      ...(item.color ? { color: item.color } : {}),
      subTotal: lineTotal(item.price, item.quantity),
    })),
    ...(input.totalPrice === undefined ? {} : { totalPrice: input.totalPrice }),
    paymentMethod: form.paymentMethod,
    // A number typed before switching back to cash is not the shopper's payment number.
    paymentNumber: form.paymentMethod === 'mobile-banking' ? form.paymentNumber : '',
    deliveryFee: input.deliveryFee,
    deliveryAddress: {
      division: form.division,
      district: form.district,
      city: form.city,
      addressDetails: form.addressDetails,
    },
  };
}

/** One key per checkout attempt; randomUUID only exists in secure contexts, so plain http on a LAN falls back. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
